import { describe, expect, it } from 'vitest';
import { replaceSection, SECTION_END, SECTION_START } from '../src/report/readme.js';
import { median, summarize } from '../src/report/summary.js';

describe('median and summarize', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('reports the median share and the tasks where ToolCall costs more', () => {
    const arm = (visible: number, turns: number) => ({
      turns,
      calls: turns,
      nestedCalls: 0,
      toolWallMs: 1,
      tokens: { o200k: { arguments: 0, results: visible, visible, input: visible * 2 } },
    });
    const summary = summarize(
      [
        {
          id: 'a',
          prompt: '',
          answersMatch: true,
          answer: 1,
          direct: arm(100, 2),
          toolcall: arm(20, 1),
        },
        {
          id: 'b',
          prompt: '',
          answersMatch: true,
          answer: 1,
          direct: arm(100, 1),
          toolcall: arm(50, 1),
        },
        {
          id: 'c',
          prompt: '',
          answersMatch: false,
          answer: 1,
          direct: arm(100, 1),
          toolcall: arm(120, 1),
        },
      ],
      ['o200k'],
    );
    expect(summary).toEqual({
      tasks: 3,
      answersMatch: 2,
      medianVisibleRatio: { o200k: 0.5 },
      medianInputRatio: { o200k: 0.5 },
      medianWrittenRatio: { o200k: 0 },
      medianReadRatio: { o200k: 0.5 },
      totalVisible: { o200k: { direct: 300, toolcall: 190 } },
      medianTurns: { direct: 1, toolcall: 1 },
      totalTurns: { direct: 4, toolcall: 3 },
      tasksWhereToolCallCostsMore: ['c'],
    });
  });
});

describe('replaceSection', () => {
  it('replaces only the text between the markers', () => {
    const readme = `# t\n${SECTION_START}\nold\n${SECTION_END}\nafter\n`;
    expect(replaceSection(readme, 'new')).toEqual({
      success: true,
      value: `# t\n${SECTION_START}\nnew\n${SECTION_END}\nafter\n`,
    });
  });

  it('names the missing marker', () => {
    expect(replaceSection('# t\n', 'new')).toEqual({
      success: false,
      error: `README has no line ${SECTION_START}`,
    });
  });
});
