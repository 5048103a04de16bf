import type { Issue, IssueCode, ParseOptions, Severity } from './types';

/** Collects parse issues; every parser writes into one of these. */
export class Issues {
  readonly list: Issue[] = [];
  readonly checkDigitSeverity: Severity;

  constructor(options: ParseOptions = {}) {
    this.checkDigitSeverity = options.checkDigitSeverity ?? 'error';
  }

  add(severity: Severity, line: number, column: number, code: IssueCode, text: string): void {
    this.list.push({ line, column, code, severity, text });
  }

  error(line: number, column: number, code: IssueCode, text: string): void {
    this.add('error', line, column, code, text);
  }

  warn(line: number, column: number, code: IssueCode, text: string): void {
    this.add('warning', line, column, code, text);
  }

  sorted(): Issue[] {
    return [...this.list].sort((a, b) => a.line - b.line || a.column - b.column);
  }
}
