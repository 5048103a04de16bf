/**
 * Splits an existing Cargo-IMP text longer than 3,500 characters without parsing its meaning:
 * FFM and FBL by method 1 (sequence number on line 2, CONT/LAST), every other type by method 2.
 */
import { Issues } from '../issues';
import { groupLines, type Line, parseSmi, splitLines } from './lines';
import { isUnloadingLine, type ManifestUnit, packMethod1 } from './manifest';
import { MAX_MESSAGE, splitMethod2 } from './writer';

const size = (lines: readonly Line[]): number => lines.reduce((n, l) => n + l.text.length + 1, 0);

export function splitMessage(text: string, maxLength = MAX_MESSAGE): string[] {
  const all = splitLines(text);
  const pdm = all[0]?.text === 'PDM' ? [all.shift()?.text ?? 'PDM'] : [];
  const smiLine = all[0];
  const smi = smiLine ? parseSmi(smiLine.text) : null;
  if (!smiLine || !smi || size(all) <= maxLength) return [text];
  const body = all
    .slice(1)
    .filter((l) => !/^PART\/\d+\/(CONT|LAST)$/.test(l.text) && l.text !== 'CONT' && l.text !== 'LAST');
  let parts: string[][];
  if (smi.type === 'FFM' || smi.type === 'FBL') {
    const header = body.shift()?.text ?? '1/';
    const units: ManifestUnit[] = [];
    let unloading = '';
    let uld: string | undefined;
    for (const g of groupLines(body, new Issues())) {
      const lines = g.lines.map((l) => l.text);
      const head = lines[0] ?? '';
      if (isUnloadingLine(head) && g.id !== 'ULD' && g.id !== 'DIM' && g.id !== 'OSI' && g.id !== 'OCI') {
        unloading = head;
        uld = undefined;
        units.push({ kind: 'unloading', unloading, lines });
      } else if (g.id === 'ULD' && smi.type === 'FFM') {
        uld = head;
        units.push({ kind: 'uld', unloading, uld, lines });
      } else if (/^\d{3}/.test(head) || units.length === 0) {
        units.push(uld === undefined ? { kind: 'item', unloading, lines } : { kind: 'item', unloading, uld, lines });
      } else {
        units[units.length - 1]?.lines.push(...lines);
      }
    }
    parts = packMethod1(smiLine.text, (seq) => header.replace(/^\d{1,2}\//, `${seq}/`), [], units, maxLength);
  } else {
    const first = body.shift()?.text ?? '';
    const units = groupLines(body, new Issues()).map((g) => g.lines.map((l) => l.text));
    parts = splitMethod2(smiLine.text, [[first], ...units], maxLength);
  }
  if (pdm.length > 0) parts[0]?.unshift(...pdm);
  return parts.map((p) => `${p.join('\n')}\n`);
}
