import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { prepareQuestions } from './prepare-questions.js';

const label = fc.tuple(
  fc.constantFrom('', ' ', '  ', '\t'),
  fc.constantFrom('A', 'B', 'C', 'a b'),
  fc.constantFrom('', ' ', '\n'),
);

describe('prepareQuestions', () => {
  test.prop([fc.array(label, { minLength: 1, maxLength: 5 })])(
    'accepts a question exactly when its trimmed labels are distinct',
    (parts) => {
      const labels = parts.map(([before, core, after]) => before + core + after);
      const result = prepareQuestions([
        { question: 'Q?', options: labels.map((l) => ({ label: l })) },
      ]);
      const trimmed = labels.map((l) => l.trim());
      expect(result.success).toBe(new Set(trimmed).size === trimmed.length);
      if (result.success) expect(result.value[0]?.options.map((o) => o.label)).toEqual(trimmed);
    },
  );
});
