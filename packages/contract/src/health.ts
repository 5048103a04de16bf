import { z } from 'zod';
import { endpoint } from './endpoint';

export const health = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgresql']),
  version: z.string(),
  /** The process's database-notification listener (auth cache invalidation, job wake-ups). */
  notifications: z.object({
    state: z.enum(['idle', 'connecting', 'live', 'down', 'closed']),
    channels: z.array(z.string()),
    reconnects: z.number().int(),
    since: z.string(),
    last_error: z.string().nullable(),
  }),
});
export type Health = z.infer<typeof health>;

export const healthApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/health',
    permission: 'public',
    tags: ['platform'],
    summary: 'Liveness and database reachability',
    response: health,
  }),
};
