/// <reference types="vite/client" />

/** Build identifier written by vite.config.ts; compared with /version.json to detect a new deployment. */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  /** Forces the environment (production, staging, sandbox, qa) regardless of the host name. */
  readonly VITE_APP_ENV?: string;
}
