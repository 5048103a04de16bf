/**
 * npm run bench:labels — the labels of a 500-piece shipment (issue 13 figures): the PDF the `mawb_labels` route
 * returns, rendered BENCH_ROUNDS (default 5) times per format (4x6: 500 pages; A4: 63 sheets of 8) for a master of 500
 * pieces, and for the same master with 10 houses of 50 pieces (1,000 labels). Prints the median and worst render time
 * and the file size, and checks the page count of each file by parsing it back. The database is not involved (the
 * route reads one waybill and its houses, then renders): this measures the render, barcodes included.
 */
import { performance } from 'node:perf_hooks';
import { getDocumentProxy } from 'unpdf';
import {
  type Label,
  type LabelHouse,
  type LabelShipment,
  renderLabels,
} from '../src/modules/waybill-labels/waybill-labels.render';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PIECES = Number(process.env.BENCH_PIECES ?? 500);

const shipment: LabelShipment = {
  mawb: '555-12345675',
  airlineName: 'Aeroflot Russian Airlines',
  carrier: 'SU',
  origin: 'SVO',
  destination: 'ALA',
  pieces: PIECES,
  weight: '12500.5',
  station: 'SVO',
  printed: '2026-11-27',
};
const masterLabels: Label[] = Array.from({ length: PIECES }, (_, i) => ({ kind: 'master', piece: i + 1 }));
const houses: LabelHouse[] = Array.from({ length: 10 }, (_, h) => ({
  number: `HAWB${String(h + 1).padStart(3, '0')}`,
  pieces: PIECES / 10,
  weight: '1250 kg',
  origin: 'SVO',
  destination: 'ALA',
}));
const withHouses: Label[] = [
  ...masterLabels,
  ...houses.flatMap((house) =>
    Array.from({ length: house.pieces }, (_, i) => ({ kind: 'house' as const, house, piece: i + 1 })),
  ),
];

// One render first, unmeasured: loading the font and compiling the code are not the shipment's cost.
await renderLabels('4x6', shipment, masterLabels.slice(0, 20));

let failed = false;
for (const [name, labels] of [
  ['master only', masterLabels],
  ['master + 10 houses', withHouses],
] as const) {
  for (const format of ['4x6', 'a4'] as const) {
    const times: number[] = [];
    let size = 0;
    let pages = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      const pdf = await renderLabels(format, shipment, labels);
      times.push(performance.now() - started);
      size = pdf.length;
      if (round === 0) pages = (await getDocumentProxy(new Uint8Array(pdf))).numPages;
    }
    times.sort((a, b) => a - b);
    const expected = format === '4x6' ? labels.length : Math.ceil(labels.length / 8);
    if (pages !== expected) failed = true;
    console.log(
      `${name.padEnd(20)} ${format.padEnd(4)} labels ${String(labels.length).padStart(5)}  pages ${String(pages).padStart(4)}${pages === expected ? '' : ` (expected ${expected})`}  median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms  worst ${times[times.length - 1]!.toFixed(0)} ms  size ${(size / 1024).toFixed(0)} KB`,
    );
  }
}
console.log(`rss ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
if (failed) process.exit(1);
