// The box puzzle-authoring.spec.ts authors in the console: what it types, and the answers
// that no response before their solve and no built asset may carry.
export const STEPS = [
  {
    title: 'The Lamp',
    content: 'What lights the path?\nPsalm 119:105',
    answer: 'Lamplight Word',
    typed: ' lamplight-WORD ',
  },
  { title: 'The Road', content: 'Where was Saul going?', answer: 'Damascus Gate', typed: 'damascus gate' },
  { title: 'The Basket', content: 'Lowered over a ...', answer: 'City Wall', typed: 'City wall!' },
]
export const FRAGMENTS = [
  {
    instruction: 'Unscramble: LUFEPOH',
    line: 'And hope in Him is never put to shame,',
    answer: 'hopeful',
    bonus: 'Which letter?',
    bonusAnswer: 'To the Romans',
  },
  {
    instruction: 'Unscramble: EVOL SIH',
    line: 'for His love is poured into our hearts.',
    answer: 'his love',
  },
]
/** Never in a response before its solve, nor in any built asset. */
export const AUTHORED_SECRETS = [
  ...STEPS.map((s) => s.answer),
  ...FRAGMENTS.map((f) => f.answer),
  'To the Romans',
]
