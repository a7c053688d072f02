import { MAX_SUBMISSION_ROWS } from '@shared/schemas/credit';
import { JSONParser } from '@streamparser/json';
import type { Readable } from 'node:stream';
import { badRequest, type HttpError } from '../../lib/http-error';
import { tooLarge, tooManyRows } from './csv';

// Token types of @streamparser/json (its TokenType enum).
const LEFT_BRACE = 0;
const RIGHT_BRACE = 1;
const LEFT_BRACKET = 2;
const RIGHT_BRACKET = 3;
const COLON = 4;
const STRING = 9;

export const NOT_A_LIST_OF_ROWS = 'rows must be a list of {subject, account}';

/**
 * A monthly file's JSON body `{rows: [...]}` read as it arrives: each row is handed over as soon as
 * it is complete, so neither the body's text nor a tree of the whole document is ever held; only
 * the rows themselves, at most MAX_SUBMISSION_ROWS of them (one more and the file is refused).
 * Keys other than `rows` are skipped. Answers the same refusals as the whole-body path.
 */
export function readSubmissionJson(body: Readable, byteLimit: number, onRow?: (count: number) => void): Promise<{ rows: unknown[] }> {
  return new Promise((resolve, reject) => {
    const rows: unknown[] = [];
    const parser = new JSONParser({ paths: ['$.rows.*'], keepStack: false });
    let depth = 0;
    let isRootObject = false;
    let lastKeyAtTop: string | null = null;
    let previousToken = -1;
    let pendingKey: string | null = null;
    let isRowsAList = false;
    let bytes = 0;
    let isSettled = false;

    const fail = (error: HttpError) => {
      if (isSettled) return;
      isSettled = true;
      body.removeAllListeners('data');
      body.resume();
      reject(error);
    };
    const invalidJson = () => badRequest([{ field: 'body', message: 'The file is not valid JSON' }]);

    parser.onToken = ({ token, value }) => {
      if (depth === 0 && previousToken === -1) isRootObject = token === LEFT_BRACE;
      // A key of the root object is a string at depth 1 followed by a colon.
      if (depth === 1 && previousToken === STRING && token === COLON) lastKeyAtTop = pendingKey;
      if (depth === 1 && token === STRING) pendingKey = String(value);
      if (depth === 1 && previousToken === COLON && lastKeyAtTop === 'rows') isRowsAList = token === LEFT_BRACKET;
      if (token === LEFT_BRACE || token === LEFT_BRACKET) depth++;
      if (token === RIGHT_BRACE || token === RIGHT_BRACKET) depth--;
      previousToken = token;
    };
    parser.onValue = ({ value }) => {
      rows.push(value);
      onRow?.(rows.length);
      if (rows.length > MAX_SUBMISSION_ROWS) fail(tooManyRows());
    };
    parser.onError = () => fail(invalidJson());

    body.on('data', (chunk: Buffer) => {
      if (isSettled) return;
      bytes += chunk.length;
      if (bytes > byteLimit) return fail(tooLarge(byteLimit));
      try {
        parser.write(chunk);
      } catch {
        fail(invalidJson());
      }
    });
    body.on('error', () => fail(badRequest([{ field: 'body', message: 'The file did not arrive whole. Please send it again.' }])));
    body.on('end', () => {
      if (isSettled) return;
      try {
        if (!parser.isEnded) parser.end();
      } catch {
        return fail(invalidJson());
      }
      if (isSettled) return;
      if (previousToken === -1) return fail(invalidJson());
      if (!isRootObject || !isRowsAList) return fail(badRequest([{ field: 'rows', message: NOT_A_LIST_OF_ROWS }]));
      isSettled = true;
      resolve({ rows });
    });
  });
}
