/** The flagship product and its five puzzle steps. Answers live only in the database. */
export const SCROLL_OF_ANTIOCH = {
  slug: 'scroll-of-antioch',
  name: 'The Scroll of Antioch',
  sku: 'LPC-SOA-001',
  priceCents: 4999,
  description:
    'Antioch, AD 47. A merchant’s chest arrives at the house church on Singon Street, and inside it a torn scroll, ' +
    'five sealed letters and a map of the city. Follow Barnabas and Saul through markets, workshops and harbour ' +
    'stalls, solve five mysteries rooted in Acts 11 and 13, and restore the blessing the first believers sent out ' +
    'with their missionaries. Two to three hours of puzzling for friends, families and small groups.',
}

export type PuzzleStep = {
  stepNumber: number
  title: string
  content: string
  hint: string
  answer: string
  /** Other spellings that count as right; case, spaces and punctuation never matter. */
  acceptedAnswers: string[]
  unlockMessage: string
}

export const PUZZLE_STEPS: PuzzleStep[] = [
  {
    stepNumber: 1,
    title: 'The Merchant’s Chest',
    content:
      'The chest smells of cedar and salt. Under the lid someone has carved a line of Greek letters, and beside ' +
      'it a note in a quick, careful hand:\n\n“Brothers and sisters, the name the city gave us is hidden in this ' +
      'chest. Take the first letter of each thing you find.”\n\nYou lift out, in order: a Cup of clay, a Horn of ' +
      'oil, a Reed pen, an Iron key, a Scarf of purple wool, a Tablet of wax, an Icon of a fish, an Amphora, and ' +
      'a Net. What did the city of Antioch first call the followers of Jesus (Acts 11:26)? Enter the name in one ' +
      'word, singular.',
    hint: 'Write down the first letter of each object in the order they come out of the chest.',
    answer: 'christian',
    acceptedAnswers: ['christians'],
    unlockMessage:
      'The letters spell it out: CHRISTIAN. In Antioch the disciples were first called Christians, a nickname ' +
      'that became a name worn with joy. The chest’s false bottom clicks open.',
  },
  {
    stepNumber: 2,
    title: 'The Prophet from Jerusalem',
    content:
      'Beneath the false bottom lies a wax tablet. A visiting prophet, it says, stood up in the church and ' +
      'warned of hard times coming to the whole world. The believers each gave as they could to help the ' +
      'brothers and sisters living in Judea.\n\nThe tablet is a simple shift cipher: every letter has moved ' +
      'three places forward in the alphabet. Decode the prophet’s name: D J D E X V.',
    hint: 'Move each letter three places back: D becomes A, J becomes G.',
    answer: 'agabus',
    acceptedAnswers: [],
    unlockMessage:
      'AGABUS. He foretold the great famine (Acts 11:28), and Antioch answered with generosity before the need ' +
      'even arrived. Tucked into the tablet’s frame is a copper token stamped with a ship.',
  },
  {
    stepNumber: 3,
    title: 'Five Names at the Table',
    content:
      'The copper token opens a small box of clay tiles, tumbled out of order. Each bears the name of one of the ' +
      'prophets and teachers of the church in Antioch, and a single letter pressed beside it:\n\nManaen: T · ' +
      'Barnabas: F · Saul: (blank) · Lucius of Cyrene: S · Simeon called Niger: A\n\nLay the tiles in the order ' +
      'Luke names these men in Acts 13:1 and read the letters. What were the believers doing, together with ' +
      'worshipping the Lord, when the Holy Spirit spoke (Acts 13:2)?',
    hint: 'Acts 13:1 lists Barnabas first and Saul last. Saul’s tile is blank: he is about to be sent.',
    answer: 'fast',
    acceptedAnswers: ['fasting'],
    unlockMessage:
      'FAST. While they worshipped and fasted, the Spirit said: set apart Barnabas and Saul for the work I have ' +
      'called them to. They prayed, laid hands on them and sent them off. A folded map slides out from under the tiles.',
  },
  {
    stepNumber: 4,
    title: 'The Harbour at Seleucia',
    content:
      'The map shows the road from Antioch down to the port of Seleucia, where Barnabas and Saul boarded a ship ' +
      '(Acts 13:4). Along the road stand milestones, each marked with a number: 3, 25, 16, 18, 21, 19.\n\nThe ' +
      'ship’s captain has left his message in numbers, where A is 1 and Z is 26. Read the milestones and name the ' +
      'island the missionaries sailed to first.',
    hint: 'C is the 3rd letter of the alphabet. Keep going: 25 is Y …',
    answer: 'cyprus',
    acceptedAnswers: [],
    unlockMessage:
      'CYPRUS, Barnabas’s own homeland (Acts 4:36). From Seleucia they sailed there first. In the captain’s log ' +
      'you find a wax seal pressed with the shape of a lamp.',
  },
  {
    stepNumber: 5,
    title: 'The Blessing Restored',
    content:
      'Only the last fold of the scroll is still sealed. Every mystery you solved gave you a word: what the ' +
      'city called the believers, the prophet who warned of famine, what the church did, and where the ship went.' +
      '\n\nThe seal carries one more riddle: “I was given before the famine came, I was poured out when the ' +
      'prophets prayed, and I am what Antioch sent across the sea. I begin where grace begins.” What is the word ' +
      'written under the seal?',
    hint: 'Acts 11:23 tells you what Barnabas saw when he came to Antioch. It begins with the same letter as grace.',
    answer: 'grace',
    acceptedAnswers: [],
    unlockMessage:
      'GRACE. Barnabas came to Antioch “and had seen the grace of God, was glad” (Acts 11:23, KJV). The scroll is whole ' +
      'again: go in peace, and carry the grace you were given.',
  },
]
