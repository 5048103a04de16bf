import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import type { JobHandlers } from '../../platform/jobs';
import { enqueueMail } from '../../platform/mail';
import { findUserByEmail } from '../users/users.service';
import { AUTH_JOBS, AuthService } from './auth.service';

const resetPayload = z.object({ email: z.string() });
const signUpPayload = z.object({
  email: z.string(),
  password_hash: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  locale: z.string(),
});

/**
 * The queued halves of the reset and sign-up requests: they look the account up, so the API's answer never depends
 * on it. Mail goes through the mail job (decision 007); the links are in the message only, never in a log line above
 * debug level.
 */
export function authJobs(deps: { db: Db; clock: Clock; config: Config }): JobHandlers {
  const service = new AuthService(deps.db, deps.config, undefined, deps.clock);
  const link = (path: string) => `${deps.config.appUrl}${path}`;
  return {
    [AUTH_JOBS.passwordReset]: async (payload, { job }) => {
      const { email } = resetPayload.parse(payload);
      const token = await service.requestPasswordReset(email);
      if (!token) return;
      await enqueueMail(
        deps.db,
        {
          to: email,
          subject: 'Reset your password',
          text: `Follow this link within 6 hours to choose a new password:\n${link(`/users/password/edit?reset_password_token=${token}`)}\nIf you did not ask for it, ignore this message.`,
        },
        { uniqueKey: `reset-mail:${job.id}` },
      );
    },
    [AUTH_JOBS.signUp]: async (payload, { job }) => {
      const input = signUpPayload.parse(payload);
      const created = await service.createSignUp(input);
      if (created) {
        await enqueueMail(
          deps.db,
          {
            to: input.email,
            subject: 'Confirm your e-mail address',
            text: `Follow this link within 3 days to confirm your address and sign in:\n${link(`/users/confirmation?confirmation_token=${created.token}`)}`,
          },
          { uniqueKey: `sign-up-mail:${job.id}` },
        );
        return;
      }
      // The address is registered already: its owner learns of the attempt; the caller learned nothing.
      const existing = await findUserByEmail(deps.db, input.email);
      if (!existing) return;
      await enqueueMail(
        deps.db,
        {
          to: input.email,
          subject: 'Someone tried to sign up with your address',
          text: `An account with this address exists already. If it was you, sign in or reset your password:\n${link('/restore')}`,
        },
        { uniqueKey: `sign-up-mail:${job.id}` },
      );
    },
  };
}
