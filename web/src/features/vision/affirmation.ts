import type { VisionAnswers } from './steps';

/**
 * One answer as speakable sentences: each written line becomes its own
 * sentence, so a bucket list typed one goal per line reads as a list aloud.
 */
function sentences(answer: string): string {
  return answer
    .split(/\n+/)
    .map((line) => line.trim().replace(/^[-*•]\s*/, ''))
    .filter(Boolean)
    .map((line) => (/[.!?…"'”’)]$/.test(line) ? line : `${line}.`))
    .join(' ');
}

/** A short answer quoted inside a sentence, without its own full stop. */
function phrase(answer: string): string {
  return answer.replace(/\s+/g, ' ').trim().replace(/[.!]+$/, '');
}

/**
 * The bedtime affirmation of /athletic-vision: the nine answers woven into
 * paragraphs in the third person and the present tense, with improvement
 * adverbs ('more and more', 'increasingly'), ready to be read aloud.
 * Pure, so the text can be tested; paragraphs with an empty answer are left out.
 */
export function composeAffirmation(firstName: string, vision: VisionAnswers): string[] {
  const name = firstName.trim() || 'The athlete';
  const paragraphs: (string | null)[] = [
    `${name} is lying down now, still and safe, and with every slow breath ${name}'s body grows heavier and calmer. ` +
      `Tonight ${name} is listening to a vision that is coming true more and more each day.`,

    vision.q1.trim() || vision.q2.trim()
      ? [
          `${name} knows exactly why they are here.`,
          vision.q1.trim() && sentences(vision.q1),
          vision.q2.trim() && `In five words, ${name}'s purpose is: “${phrase(vision.q2)}.”`,
          'That purpose is growing clearer and stronger, more and more, with every day that passes.',
        ]
          .filter(Boolean)
          .join(' ')
      : null,

    vision.q3.trim()
      ? `${name} sees the dream as if it is happening right now. ${sentences(vision.q3)} ` +
        `${name} feels it more and more vividly: the sounds, the colours, the people who are there, and the quiet pride of having earned it.`
      : null,

    vision.q4.trim()
      ? `${name} is increasingly bold about the life they are building, on the field and off it. ` +
        `These are ${name}'s bucket list goals, each one specific, measurable and on its way: ${sentences(vision.q4)}`
      : null,

    vision.q5.trim()
      ? `This year ${name} has one key goal and moves toward it every single day. ${sentences(vision.q5)} ` +
        `Each training session brings it more and more within reach.`
      : null,

    vision.q6.trim()
      ? `This month ${name}'s focus is simple and clear. ${sentences(vision.q6)} ` +
        `${name} shows up for it daily, increasingly consistent and increasingly proud of the small wins that add up.`
      : null,

    vision.q7.trim()
      ? `${name} is becoming, more and more, the athlete and the person they are meant to be. ${sentences(vision.q7)}`
      : null,

    vision.q8.trim()
      ? `Before every game, and right now, ${name} carries one sentence: ${sentences(vision.q8)}`
      : null,

    vision.q9.trim()
      ? `And ${name} lives it, one day at a time. ${sentences(vision.q9)} ` +
        `Every day like this carries ${name} more and more surely toward the goals of the next six to twelve months.`
      : null,

    `${name} is calm. ${name} is confident. ${name} is ready. ` +
      `As sleep comes, the vision keeps working, growing more and more real through the night, ` +
      `and tomorrow ${name} wakes up rested, focused and increasingly sure of the way forward.`,
  ];
  return paragraphs.filter((paragraph): paragraph is string => Boolean(paragraph));
}
