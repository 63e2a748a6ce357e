// Which failures are a dependency being away (503), the disk full (507), or a fault (500).
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import errors from '../../src/server/plugins/errors.js';
import { isOutOfSpaceError, isUnavailableError } from '../../src/server/lib/unavailable.js';

const err = (props: Record<string, unknown>, message = 'x') => Object.assign(new Error(message), props);

describe('isUnavailableError', () => {
  it.each([
    ['a refused connection', err({ code: 'ECONNREFUSED' })],
    ['PostgreSQL shutting down (57P01)', err({ code: '57P01' })],
    ['PostgreSQL starting up (57P03)', err({ code: '57P03' })],
    ['a connection failure (08006)', err({ code: '08006' })],
    ['cannot connect (08001)', err({ code: '08001' })],
    ['statement_timeout (57014)', err({ code: '57014' })],
    ['the pool timing out', new Error('timeout exceeded when trying to connect')],
    ['a query timing out', new Error('Query read timeout')],
    ['a connection cut', new Error('Connection terminated unexpectedly')],
    ['SQLite busy', err({ code: 'SQLITE_BUSY' })],
    ['S3 503', err({ name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } })],
    ['a wrapped cause', err({ cause: err({ code: 'ECONNRESET' }) })],
    ['several addresses refused', Object.assign(new AggregateError([err({ code: 'ECONNREFUSED' })]), {})],
  ])('%s is unavailable', (_what, e) => {
    expect(isUnavailableError(e)).toBe(true);
  });

  it.each([
    ['a unique violation', err({ code: '23505' })],
    ['a syntax error', err({ code: '42601' })],
    ['a plain bug', new TypeError('x is undefined')],
    ['S3 not found', err({ name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } })],
  ])('%s is not', (_what, e) => {
    expect(isUnavailableError(e)).toBe(false);
  });

  it('ENOSPC and EDQUOT are out of space', () => {
    expect(isOutOfSpaceError(err({ code: 'ENOSPC' }))).toBe(true);
    expect(isOutOfSpaceError(err({ cause: err({ code: 'EDQUOT' }) }))).toBe(true);
    expect(isOutOfSpaceError(err({ code: 'EACCES' }))).toBe(false);
  });
});

describe('the error handler', () => {
  it('answers 503 with Retry-After for a dependency away, and 500 without details for a fault', async () => {
    const app = Fastify();
    await app.register(errors);
    app.get('/away', async () => {
      throw err({ code: '57P01' }, 'terminating connection due to administrator command');
    });
    app.get('/bug', async () => {
      throw new TypeError('x is undefined');
    });
    const away = await app.inject('/away');
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('5');
    expect(away.json()).toEqual({ message: 'The service is temporarily unavailable. Please try again in a few seconds.' });
    const bug = await app.inject('/bug');
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    await app.close();
  });
});
