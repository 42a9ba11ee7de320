/**
 * The five fragments of the puzzle portal. Together the scroll lines read as the blessing
 * the church of Antioch might have sent out with its missionaries.
 */
export type Fragment = {
  /** Its place in the portal (1-5); unique within the product. */
  number: number
  instruction: string
  scrollLine: string
  /** None, or exactly three (the database refuses any other count). */
  hints: string[]
  answer: string
  /** Other spellings that count as right; case, spaces and punctuation never matter. */
  acceptedAnswers: string[]
  bonusQuestion: string
  bonusAnswer: string
  bonusAcceptedAnswers: string[]
}

/** The access code printed inside the box lid, stored normalised (trimmed, upper case). */
export const PORTAL_CODE = 'ANTIOCH-AD47'

export const FRAGMENTS: Fragment[] = [
  {
    number: 1,
    instruction:
      'The first fragment is smudged with lamp soot. Only the vowels are missing: L_GHT. What has the Lord ' +
      'made us to be for the nations (Acts 13:47)?',
    scrollLine: 'May the light that found us in Antioch go before you,',
    hints: [
      'It is the opposite of darkness.',
      'Acts 13:47 quotes Isaiah: “I have set thee to be a ___ of the Gentiles” (KJV).',
      'Five letters, starting with L.',
    ],
    answer: 'light',
    acceptedAnswers: [],
    bonusQuestion: 'In which city’s synagogue did Paul speak the words of Acts 13:47?',
    bonusAnswer: 'antioch',
    bonusAcceptedAnswers: ['pisidian antioch'],
  },
  {
    number: 2,
    instruction:
      'Two words are woven together on this fragment: W J O O R Y D. Read only the letters in the odd places ' +
      '(first, third, fifth, seventh). Which word do they spell?',
    scrollLine: 'the Word that was preached to us go with you,',
    hints: [
      'Start with the first letter and skip one each time.',
      'W, O, R, … (the letters you skip spell JOY)',
      'It is what the disciples spoke boldly: the ___ of God.',
    ],
    answer: 'word',
    acceptedAnswers: [],
    bonusQuestion: 'Whom did Barnabas go to Tarsus to look for (Acts 11:25)?',
    bonusAnswer: 'saul',
    bonusAcceptedAnswers: ['paul', 'saul of tarsus'],
  },
  {
    number: 3,
    instruction:
      'This fragment is a number puzzle. The church sent relief to Judea by the hands of two men. Add the ' +
      'number of men sent with the gift (Acts 11:30) to the number of chapters in the book of Acts. What is the sum?',
    scrollLine: 'the grace that gladdened Barnabas keep your hearts,',
    hints: [
      'Barnabas and Saul carried the gift.',
      'The book of Acts has twenty-eight chapters.',
      'Two plus twenty-eight.',
    ],
    answer: '30',
    acceptedAnswers: ['thirty'],
    bonusQuestion: 'What word in Acts 11:23 describes how Barnabas felt when he saw the grace of God?',
    bonusAnswer: 'glad',
    bonusAcceptedAnswers: ['gladness'],
  },
  {
    number: 4,
    instruction:
      'Unscramble the letters burned into the edge of this fragment: E C A E P. It is the good news God sent to ' +
      'Israel through Jesus Christ, who is Lord of all (Acts 10:36).',
    scrollLine: 'and the peace of Christ walk every road beside you,',
    hints: [],
    answer: 'peace',
    acceptedAnswers: [],
    bonusQuestion: 'On which island did Barnabas and Saul meet the proconsul Sergius Paulus (Acts 13:6-7)?',
    bonusAnswer: 'cyprus',
    bonusAcceptedAnswers: [],
  },
  {
    number: 5,
    instruction:
      'The last fragment has one word cut out in the shape of a heart. Barnabas exhorted the believers of Antioch ' +
      '“that with purpose of ___ they would cleave unto the Lord” (Acts 11:23, KJV). What word fits?',
    scrollLine: 'until we meet again with joy before His throne.',
    hints: [],
    answer: 'heart',
    acceptedAnswers: [],
    bonusQuestion:
      'Along with the Holy Spirit, what were the disciples in Pisidian Antioch filled with (Acts 13:52)?',
    bonusAnswer: 'joy',
    bonusAcceptedAnswers: [],
  },
]
