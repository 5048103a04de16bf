import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" p="xl" maw={440} mx="auto" radius="md">
      <Stack>
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
