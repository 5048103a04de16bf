/**
 * cargo-messages parse FILE      JSON {type, version, message, issues[, envelope]}; exit 1 on errors
 * cargo-messages detect FILE     JSON {type, version}
 * cargo-messages generate FILE   FILE is JSON {type, version, message[, envelope]}; prints the text
 * Exit code 2: usage error (unknown command, missing or unreadable file, JSON not understood).
 */
import { readFileSync } from 'node:fs';
import { type AnyMessage, generate, parse } from './api';
import { detect } from './detect';
import { type TypeBEnvelope, TypeBEnvelopeSchema } from './typeb/envelope';
import { isMessageType } from './types';

const USAGE = `Usage:
  cargo-messages parse FILE        parse a telegram, print JSON (exit 1 when an issue is an error)
  cargo-messages detect FILE       print the message type and version as JSON
  cargo-messages generate FILE     FILE holds {"type","version","message"[,"envelope"]}; print the text
`;

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

const stdio: Io = {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
};

function read(file: string | undefined, io: Io): string | undefined {
  if (!file) {
    io.err(`Missing FILE\n${USAGE}`);
    return undefined;
  }
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    io.err(`Cannot read ${file}: ${e instanceof Error ? e.message : String(e)}\n`);
    return undefined;
  }
}

export function main(argv: readonly string[], io: Io = stdio): number {
  const [command, file, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help') {
    io.err(USAGE);
    return 2;
  }
  if (rest.length > 0) {
    io.err(`Unexpected arguments: ${rest.join(' ')}\n${USAGE}`);
    return 2;
  }
  switch (command) {
    case 'parse': {
      const text = read(file, io);
      if (text === undefined) return 2;
      const r = parse(text);
      const out: Record<string, unknown> = { type: r.type, version: r.version, message: r.message, issues: r.issues };
      if (r.envelope) out.envelope = r.envelope;
      io.out(`${JSON.stringify(out)}\n`);
      return r.issues.some((i) => i.severity === 'error') ? 1 : 0;
    }
    case 'detect': {
      const text = read(file, io);
      if (text === undefined) return 2;
      const d = detect(text);
      io.out(`${JSON.stringify({ type: d.type, version: d.version })}\n`);
      return 0;
    }
    case 'generate': {
      const text = read(file, io);
      if (text === undefined) return 2;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (e) {
        io.err(`${file} is not JSON: ${e instanceof Error ? e.message : String(e)}\n`);
        return 2;
      }
      const input = json as { type?: unknown; message?: unknown; envelope?: unknown };
      const message = input.message as AnyMessage | undefined;
      if (!message || typeof message !== 'object' || typeof input.type !== 'string' || !isMessageType(input.type)) {
        io.err(`${file} needs "type" (a supported message type) and "message"\n`);
        return 2;
      }
      if (message.type !== input.type) {
        io.err(`"type" ${input.type} differs from message.type ${String(message.type)}\n`);
        return 2;
      }
      let envelope: TypeBEnvelope | undefined;
      if (input.envelope !== undefined) {
        const e = TypeBEnvelopeSchema.safeParse(input.envelope);
        if (!e.success) {
          io.err(`"envelope" not understood: ${e.error.message}\n`);
          return 2;
        }
        envelope = e.data;
      }
      try {
        io.out(generate(message, envelope ? { envelope } : {}));
      } catch (e) {
        io.err(`Cannot generate ${input.type}: ${e instanceof Error ? e.message : String(e)}\n`);
        return 1;
      }
      return 0;
    }
    default:
      io.err(`Unknown command: ${command}\n${USAGE}`);
      return 2;
  }
}
