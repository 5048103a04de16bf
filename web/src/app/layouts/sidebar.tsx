import { NavLink, ScrollArea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useGateContext } from '@/lib/gating/use-gate-context';
import { visibleSections } from './sidebar-sections';

function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** Sections per role and company; a section with one page is a link, with several a group. */
export function Sidebar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const sections = visibleSections(useGateContext());
  // A group opens when it holds the current page, unless the user has folded it (or unfolded another).
  const [toggled, setToggled] = useState<Record<string, boolean>>({});

  return (
    <ScrollArea component="nav" aria-label={t('nav.label')} p="xs" data-testid="sidebar">
      {sections.map((section) => {
        const label = t(`nav.${section.key}`);
        const [only] = section.entries;
        if (section.entries.length === 1 && only) {
          return (
            <NavLink
              key={section.key}
              component={Link}
              to={only.fullPath}
              label={label}
              active={isActive(pathname, only.fullPath)}
              data-section={section.key}
            />
          );
        }
        const holdsCurrent = section.entries.some((entry) => isActive(pathname, entry.fullPath));
        return (
          <NavLink
            key={section.key}
            label={label}
            opened={toggled[section.key] ?? holdsCurrent}
            onChange={(opened) => setToggled((current) => ({ ...current, [section.key]: opened }))}
            data-section={section.key}
          >
            {section.entries.map((entry) => (
              <NavLink
                key={entry.fullPath}
                component={Link}
                to={entry.fullPath}
                label={t(`routes.${entry.def.title}`)}
                active={isActive(pathname, entry.fullPath)}
              />
            ))}
          </NavLink>
        );
      })}
    </ScrollArea>
  );
}
