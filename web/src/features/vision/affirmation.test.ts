import { describe, expect, it } from 'vitest';
import { composeAffirmation } from './affirmation';
import type { VisionAnswers } from './steps';

const vision: VisionAnswers = {
  q1: 'Alex lifts the people around them through sport and kindness',
  q2: 'Lifting others, every day.',
  q3: 'Alex wins the national title with the club',
  q4: 'Runs a marathon by June 2026\nVisits Japan by 2027',
  q5: 'By December 31, 2022, Alex runs the 800 m in under 2:10.',
  q6: 'This month Alex stretches every night.',
  q7: 'Alex is increasingly calm under pressure, like a seasoned captain.',
  q8: 'Alex is calm, brave and relentless.',
  q9: 'Alex wakes at 6, trains twice, eats well and sleeps by 10.',
};

describe('composeAffirmation', () => {
  const paragraphs = composeAffirmation('Alex', vision);
  const text = paragraphs.join('\n');

  it('returns several paragraphs using the first name', () => {
    expect(paragraphs.length).toBeGreaterThan(5);
    expect(paragraphs[0]).toContain('Alex');
    expect(paragraphs.at(-1)).toContain('Alex');
  });

  it('weaves in every answer', () => {
    expect(text).toContain(vision.q1);
    expect(text).toContain('Lifting others, every day');
    expect(text).toContain(vision.q3);
    expect(text).toContain('Runs a marathon by June 2026.');
    expect(text).toContain('Visits Japan by 2027.');
    for (const key of ['q5', 'q6', 'q7', 'q8', 'q9'] as const) expect(text).toContain(vision[key]);
  });

  it('speaks in the third person: the template itself never says I or my', () => {
    const template = composeAffirmation('Alex', {
      q1: 'x', q2: 'x', q3: 'x', q4: 'x', q5: 'x', q6: 'x', q7: 'x', q8: 'x', q9: 'x',
    }).join(' ');
    expect(template).not.toMatch(/\bI\b|\bI'm\b|\bmy\b|\bme\b|\bmyself\b/i);
    expect(template).toMatch(/\bAlex is\b/);
  });

  it('is in the present tense with improvement adverbs', () => {
    expect(text).toContain('more and more');
    expect(text).toContain('increasingly');
    expect(text).not.toMatch(/\bwill\b|\bwas\b|\bwere\b/i);
  });

  it('leaves out paragraphs of empty answers and falls back when the name is blank', () => {
    const empty = composeAffirmation(' ', {
      q1: '', q2: '', q3: '', q4: '', q5: '', q6: '', q7: '', q8: '', q9: '',
    });
    expect(empty).toHaveLength(2);
    expect(empty[0]).toMatch(/^The athlete is/);
  });

  it('keeps markup as plain text', () => {
    const [, purpose] = composeAffirmation('Alex', { ...vision, q1: '<b>not bold</b>' });
    expect(purpose).toContain('<b>not bold</b>');
  });
});
