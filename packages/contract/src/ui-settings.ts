import { LOCALES } from '@aircargo/domain';
import { z } from 'zod';
import { endpoint } from './endpoint';

/** Seed 001 section 3 UI preferences of the signed-in user; they follow the user across browsers. */
export const uiSettings = z.object({
  left_drawer_open: z.boolean(),
  utc_time: z.boolean(),
  dark_mode: z.boolean(),
  markup_mode: z.boolean(),
  /** The user's interface language (the same value as the profile's locale). */
  locale: z.enum(LOCALES),
  /** When the user last saved preferences; null for a user who never did (a browser then offers its own). */
  updated_at: z.string().nullable(),
});
export type UiSettings = z.infer<typeof uiSettings>;

/** PATCH /ui_settings: the preferences given replace the stored ones. */
export const uiSettingsUpdate = uiSettings.omit({ updated_at: true }).partial().strict();
export type UiSettingsUpdate = z.infer<typeof uiSettingsUpdate>;

const tags = ['profile'];

export const uiSettingsApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/v3/ui_settings',
    permission: 'ui_settings:read',
    tags,
    summary: "The signed-in user's interface preferences",
    response: uiSettings,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v3/ui_settings',
    permission: 'ui_settings:update',
    tags,
    summary: "Change the signed-in user's interface preferences",
    body: uiSettingsUpdate,
    response: uiSettings,
  }),
};
