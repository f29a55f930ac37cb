import { describe, expect, it } from 'vitest';
import {
  failureError,
  GLOB_WORDS,
  GREP_WORDS,
  partialPrefix,
  timeoutError,
} from './search-notices.js';

describe('search notices', () => {
  it('labels partial output by why it stopped', () => {
    expect([
      partialPrefix({ timedOut: true, outputLimited: false }, GLOB_WORDS),
      partialPrefix({ timedOut: false, outputLimited: true }, GREP_WORDS),
      partialPrefix({ timedOut: false, outputLimited: false }, GREP_WORDS),
    ]).toEqual([
      'Warning: glob timed out; results are partial. Narrow the search.\n',
      'Warning: search reached its output limit; results are partial. Narrow :path, :glob, :type, or :pattern.\n',
      '',
    ]);
  });

  it('words timeouts and failures with nothing captured', () => {
    expect([
      timeoutError(GLOB_WORDS),
      timeoutError(GREP_WORDS),
      failureError(GLOB_WORDS, 2, ''),
      failureError(GREP_WORDS, null, 'detail'),
    ]).toEqual([
      'Error: glob timed out; narrow the search',
      'Error: search timed out; narrow :path, :glob, :type, or :pattern.',
      'Error: glob failed (exit code 2). Narrow :path or :pattern.',
      'Error: search failed (exit code none). Narrow :path, :glob, :type, or :pattern.\ndetail',
    ]);
  });
});
