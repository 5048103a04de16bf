import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findViolations, readModules } from '../../../scripts/check-module-imports';

describe('the module import rule (scripts/check-module-imports.ts)', () => {
  it("refuses a module importing another module's repository, and service cycles", () => {
    const problems = findViolations([
      { path: 'users/users.service.ts', text: "import * as repo from '../companies/companies.repository';" },
      { path: 'users/users.routes.ts', text: "import { x } from '../companies/companies.repository.ts';" },
      { path: 'users/users.presenter.ts', text: "import * as own from './users.repository';" },
      { path: 'a/a.service.ts', text: "import { B } from '../b/b.service';" },
      { path: 'b/b.service.ts', text: "import { A } from '../a/a.service';\nimport { z } from 'zod';" },
    ]);
    expect(problems).toEqual([
      "users/users.service.ts: imports companies's repository (../companies/companies.repository); call the companies service instead",
      "users/users.routes.ts: imports companies's repository (../companies/companies.repository.ts); call the companies service instead",
      'service import cycle: a -> b -> a',
    ]);
  });

  it('passes on the modules as they are', () => {
    expect(findViolations(readModules(resolve(import.meta.dirname, '../modules')))).toEqual([]);
  });
});
