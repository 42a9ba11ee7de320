import type { ArtSubject } from '../art'
import { atbash, caesar, keywordCipher, numberCode, reverseWords } from '../puzzles'
import {
  ADVENT_READINGS,
  CREATION_DAYS,
  FRUIT_LESSONS,
  GRATITUDE_PROMPTS,
  NAMES_OF_GOD,
  PRAYER_JAR_PROMPTS,
  RESURRECTION_EGGS,
  TEEN_PSALMS,
  TEN_COMMANDMENTS,
} from './copy'
import {
  BIBLE_BOOKS_SEARCH,
  BINGO_CALLS,
  CIPHER_KEYWORD,
  CIPHER_VERSES,
  DISCIPLES_CROSSWORD,
  EXODUS_MAZE,
  NET_MAZE,
} from './puzzle-data'

type Cipher = (typeof CIPHER_VERSES)[number]['cipher']
const CIPHER_NAMES: Record<Cipher, string> = {
  caesar: 'Caesar shift',
  number: 'Number code',
  atbash: 'Atbash',
  reverse: 'Mirror writing',
  keyword: 'Keyword cipher',
}
const CIPHER_KEYS: Record<Cipher, string> = {
  caesar: 'every letter has moved three places on (A became D, X became A). Move each one back three.',
  number: 'A is 1, B is 2 ... Z is 26. Letters are joined by dashes, words split by slashes.',
  atbash: 'the alphabet is folded in half: A and Z swap, B and Y, C and X, and so on.',
  reverse: 'the whole verse is written backwards. Read it from the end, or in a mirror.',
  keyword: `the cipher alphabet starts with the keyword ${CIPHER_KEYWORD}, then the unused letters in order: A=L, B=A, C=M, D=P, E=B, F=C, G=D...`,
}
export function encodeVerse(cipher: Cipher, text: string): string {
  switch (cipher) {
    case 'caesar':
      return caesar(text, 3)
    case 'number':
      return numberCode(text)
    case 'atbash':
      return atbash(text)
    case 'reverse':
      return reverseWords(text)
    case 'keyword':
      return keywordCipher(text, CIPHER_KEYWORD)
  }
}

export const CATEGORIES = [
  {
    slug: 'kids-activities-colouring',
    name: 'Kids Activities & Colouring',
    description:
      'Colouring pages, cut-and-make crafts and simple activities that bring Bible stories to little hands.',
  },
  {
    slug: 'teaching-resources',
    name: 'Teaching Resources',
    description: 'Lesson plans and leader guides for Sunday school, homeschool and small groups.',
  },
  {
    slug: 'engagement-reflection',
    name: 'Engagement & Reflection',
    description:
      'Journals, prayer prompts and reflection sheets for quiet moments with God, alone or together.',
  },
  {
    slug: 'games-puzzles',
    name: 'Games & Puzzles',
    description: 'Word searches, mazes, ciphers and table games that make Scripture a joy to explore.',
  },
  {
    slug: 'seasonal-special',
    name: 'Seasonal & Special',
    description: 'Printables for Advent, Christmas, Lent, Easter, harvest and the other feasts of the year.',
  },
] as const

export type CategorySlug = (typeof CATEGORIES)[number]['slug']

/** One piece of a printable's content, laid out in order by pdf.ts. */
export type Block =
  | { h: string }
  | { h2: string }
  | { p: string }
  | { note: string }
  | { code: string }
  | { verse: string; ref: string; version?: 'KJV' | 'WEB' }
  /** `compact`: smaller type and spacing, for a long list that should stay on one page. */
  | { list: string[]; numbered?: boolean; checkbox?: boolean; compact?: boolean }
  | { lines: number }
  | { box: string; height: number }
  | { page: true }
  /** Slips to cut apart, two to a row, each in a dashed box. */
  | { slips: string[] }
  /** A card to cut out: a dashed box holding a title, a verse and a few lines. */
  | { card: { title: string; verse: string; ref: string; lines: string[] } }
  /** A colouring page drawn for the resource: 'art' or the name of one of its pictures. */
  | { image: string }
  | { wordSearch: { words: string[]; size: number; seed: number }; key?: boolean }
  | { crossword: { items: { word: string; clue: string }[]; seed: number }; key?: boolean }
  | { bingo: { pool: string[]; cards: number; seed: number } }
  | { maze: { width: number; height: number; seed: number; start: string; end: string }; key?: boolean }

/** What a resource's PDF holds. `kind` names it on its cover card. */
export type PdfPlan = {
  kind: 'lesson' | 'journal' | 'game' | 'activity'
  /** Listed on the title page under "Inside". */
  contents?: string[]
  blocks: Block[]
}

export type ResourceSeed = {
  slug: string
  title: string
  description: string
  category: CategorySlug
  ageRange: string | null
  scriptureRef: string | null
  tags: string[]
  featured?: boolean
  published?: boolean
  /** A colouring page drawn for it (PNG), also used as its thumbnail. */
  art?: ArtSubject
  /** More colouring pages for its PDF, by name. */
  pictures?: { name: string; subject: ArtSubject; title: string }[]
  pdf?: PdfPlan
}

const KIDS = 'kids-activities-colouring'

export const RESOURCES: ResourceSeed[] = [
  // Kids Activities & Colouring
  {
    slug: 'creation-week-colouring-book',
    title: 'Creation Week Colouring Book',
    description:
      'A colouring page for each of the seven days of creation, from the first light to the day of rest, with a read-aloud guide for every day.',
    category: KIDS,
    ageRange: '4-7',
    scriptureRef: 'Genesis 1:1-2:3',
    tags: ['Creation', 'Colouring', 'Old Testament'],
    featured: true,
    art: 'sun',
    pictures: CREATION_DAYS.map((d) => ({
      name: `day${d.day}`,
      subject: d.subject,
      title: `Day ${d.day}: ${d.title}`,
    })),
    pdf: {
      kind: 'activity',
      contents: ['A read-aloud guide to the seven days', 'Seven colouring pages, one for each day'],
      blocks: [
        { h: 'How to use this book' },
        {
          p: 'Read one day at a time. Read the verse aloud, talk about the question together, then colour that day’s page. Keep the pages together as your own creation book, or hang one up each day of the week.',
        },
        ...CREATION_DAYS.flatMap((d): Block[] => [
          { h2: `Day ${d.day}: ${d.title}` },
          { verse: d.verse, ref: d.ref },
          { p: d.talk },
        ]),
        ...CREATION_DAYS.flatMap((d): Block[] => [{ page: true }, { image: `day${d.day}` }]),
      ],
    },
  },
  {
    slug: 'good-shepherd-finger-puppets',
    title: 'Good Shepherd Finger Puppets',
    description:
      'A lamb to colour and cut out as a finger puppet, with a script to retell the parable of the lost sheep as your own puppet show.',
    category: KIDS,
    ageRange: '4-7',
    scriptureRef: 'Luke 15:3-7',
    tags: ['Parables', 'Crafts', 'Jesus'],
    art: 'lamb',
    pdf: {
      kind: 'activity',
      contents: ['How to make the puppets', 'A puppet-show script', 'A lamb to colour and cut out'],
      blocks: [
        { h: 'Make your puppets' },
        {
          list: [
            'Print the lamb page (print it two or three times for a flock).',
            'Colour the lambs. Leave one white and fluffy: that is the lost sheep.',
            'Cut around each lamb, leaving a little white edge.',
            'Cut a strip of card 2 cm wide, roll it round your finger and tape it into a ring.',
            'Tape the ring to the back of the lamb. The shepherd is you!',
          ],
          numbered: true,
        },
        { h: 'The puppet show' },
        {
          verse:
            'What man of you, having an hundred sheep, if he lose one of them, doth not leave the ninety and nine in the wilderness, and go after that which is lost, until he find it?',
          ref: 'Luke 15:4',
        },
        {
          list: [
            'Shepherd: “One, two, three… ninety-nine. Oh no! One of my sheep is missing!”',
            'Hide the lost lamb somewhere in the room while everyone closes their eyes.',
            'Shepherd: “I will leave the ninety and nine safe here and look until I find it.”',
            'Everyone searches. When it is found, the shepherd lifts it onto the shoulders.',
            'Shepherd: “Rejoice with me; for I have found my sheep which was lost.” (Luke 15:6)',
            'Ask: how do you think the lost sheep felt? How does Jesus feel about you?',
          ],
          numbered: true,
        },
        { page: true },
        { image: 'art' },
      ],
    },
  },
  {
    slug: 'fishers-of-people-activity-pack',
    title: 'Fishers of People Activity Pack',
    description:
      'A fishing-net maze with its answer, a fish colouring page and the story of Jesus calling Peter and Andrew by the Sea of Galilee, with questions to talk about.',
    category: KIDS,
    ageRange: '6-9',
    scriptureRef: 'Matthew 4:18-22',
    tags: ['Disciples', 'Jesus', 'Colouring'],
    art: 'fish',
    pdf: {
      kind: 'activity',
      contents: ['The story and questions', 'A net maze, with the answer', 'A fish colouring page'],
      blocks: [
        { h: 'The story' },
        {
          verse:
            'And Jesus, walking by the sea of Galilee, saw two brethren, Simon called Peter, and Andrew his brother, casting a net into the sea: for they were fishers. And he saith unto them, Follow me, and I will make you fishers of men. And they straightway left their nets, and followed him.',
          ref: 'Matthew 4:18-20',
        },
        { h2: 'Talk about it' },
        {
          list: [
            'What were Peter and Andrew doing when Jesus called them?',
            'What did they leave behind to follow him?',
            'What do you think “fishers of men” means?',
            'Who could you tell about Jesus this week?',
          ],
          numbered: true,
        },
        { page: true },
        { h: 'The net maze' },
        { p: 'Help Peter and Andrew bring the boat back to the shore through the tangled net.' },
        { maze: NET_MAZE },
        { page: true },
        { h: 'Colour the fish' },
        { image: 'art' },
        { page: true },
        { h: 'Answer: the net maze' },
        { maze: NET_MAZE, key: true },
      ],
    },
  },
  {
    slug: 'armour-of-god-craft',
    title: 'Armour of God Craft',
    description:
      'A colouring page of the armour of God (belt, breastplate, shoes, shield, helmet and sword), with how to make each piece from card and the verse that goes with it.',
    category: KIDS,
    ageRange: '6-9',
    scriptureRef: 'Ephesians 6:10-18',
    tags: ['Crafts', 'Memory Verse'],
    art: 'armour',
    pdf: {
      kind: 'activity',
      contents: ['The six pieces and their verses', 'How to make them from card', 'The armour to colour'],
      blocks: [
        { h: 'Put on the whole armour of God' },
        {
          verse:
            'Put on the whole armour of God, that ye may be able to stand against the wiles of the devil.',
          ref: 'Ephesians 6:11',
        },
        {
          p: 'You need: a cereal box or thin card, scissors, tape, string, foil and crayons. Make one piece at a time and read its verse as you put it on.',
        },
        { h2: 'Belt of truth' },
        { verse: 'Stand therefore, having your loins girt about with truth', ref: 'Ephesians 6:14' },
        {
          p: 'Make it: a strip of card long enough to go round your waist, tied with string. Write TRUTH on the buckle.',
        },
        { h2: 'Breastplate of righteousness' },
        { verse: 'and having on the breastplate of righteousness', ref: 'Ephesians 6:14' },
        {
          p: 'Make it: cut the front of a cereal box into a rounded shape, cover it with foil and hang it from string round your neck.',
        },
        { h2: 'Shoes of the gospel of peace' },
        { verse: 'And your feet shod with the preparation of the gospel of peace', ref: 'Ephesians 6:15' },
        {
          p: 'Make it: trace your feet on card, cut them out and tape a loop on top to slip over your shoes.',
        },
        { h2: 'Shield of faith' },
        {
          verse:
            'Above all, taking the shield of faith, wherewith ye shall be able to quench all the fiery darts of the wicked.',
          ref: 'Ephesians 6:16',
        },
        {
          p: 'Make it: a large card circle with a strip of card taped on the back as a handle. Draw a cross on the front.',
        },
        { h2: 'Helmet of salvation' },
        { verse: 'And take the helmet of salvation', ref: 'Ephesians 6:17' },
        {
          p: 'Make it: a band of card round your head with a second band over the top, both taped; add a card crest.',
        },
        { h2: 'Sword of the Spirit' },
        { verse: 'and the sword of the Spirit, which is the word of God', ref: 'Ephesians 6:17' },
        {
          p: 'Make it: a long card blade with a short cross-piece for the handle. Write your memory verse along the blade.',
        },
        { page: true },
        { image: 'art' },
      ],
    },
  },
  {
    slug: 'little-lamp-bedtime-prayers',
    title: 'Little Lamp Bedtime Prayers',
    description:
      'A lamp to colour and a short, gentle prayer for each night of the week, to read together at bedtime.',
    category: KIDS,
    ageRange: '3-5',
    scriptureRef: 'Psalm 4:8',
    tags: ['Prayer', 'Bedtime'],
    art: 'lamp',
    pdf: {
      kind: 'journal',
      contents: ['Seven bedtime prayers', 'A lamp to colour'],
      blocks: [
        { h: 'Bedtime prayers' },
        {
          verse:
            'I will both lay me down in peace, and sleep: for thou, LORD, only makest me dwell in safety.',
          ref: 'Psalm 4:8',
        },
        { h2: 'Sunday' },
        { p: 'Dear God, thank you for this day and for your church. Keep me safe tonight. Amen.' },
        { h2: 'Monday' },
        { p: 'Dear Jesus, thank you for my family. Help us to love each other. Amen.' },
        { h2: 'Tuesday' },
        { p: 'Dear God, thank you for the food I ate and the water I drank. Amen.' },
        { h2: 'Wednesday' },
        { p: 'Dear Jesus, be with my friends tonight, and with anyone who is sad. Amen.' },
        { h2: 'Thursday' },
        { p: 'Dear God, you made the moon and the stars. You can watch over me while I sleep. Amen.' },
        { h2: 'Friday' },
        { p: 'Dear Jesus, if I did something wrong today, please forgive me and help me tomorrow. Amen.' },
        { h2: 'Saturday' },
        { p: 'Dear God, thank you for playing, for resting and for loving me. Goodnight. Amen.' },
        { page: true },
        { image: 'art' },
      ],
    },
  },
  // Teaching Resources
  {
    slug: 'parable-of-the-sower-lesson-plan',
    title: 'Parable of the Sower Lesson Plan',
    description:
      'A 45-minute lesson with an opening game, a retelling with seed cups, discussion questions for three age groups and a take-home planting activity.',
    category: 'teaching-resources',
    ageRange: '8-12',
    scriptureRef: 'Mark 4:1-20',
    tags: ['Parables', 'Sunday School', 'Jesus'],
    featured: true,
    pdf: {
      kind: 'lesson',
      contents: [
        'Lesson outline (45 minutes)',
        'Discussion questions for three age groups',
        'Take-home planting card',
      ],
      blocks: [
        { h: 'Before you teach' },
        {
          p: 'Read Mark 4:1-20 yourself and pray for the children you will teach. You need: four clear cups, a handful of bean seeds, a bag of potting soil, a few stones, some thorny twigs or paper thorns, and a small pot for each child.',
        },
        {
          verse:
            'And these are they which are sown on good ground; such as hear the word, and receive it, and bring forth fruit, some thirtyfold, some sixty, and some an hundred.',
          ref: 'Mark 4:20',
        },
        { h: 'Lesson outline' },
        { h2: '1. Welcome game: “Where did the seed land?” (5 minutes)' },
        {
          p: 'Mark four corners of the room: PATH, STONY GROUND, THORNS, GOOD GROUND. Call out “the seed landed on…” and children run to that corner. Last one there sows the next seed.',
        },
        { h2: '2. Retelling with seed cups (10 minutes)' },
        {
          p: 'Read Mark 4:3-8 aloud. Set up the four cups as you go: an empty cup (the path, where birds take the seed), a cup of stones with a little soil, a cup stuffed with thorns, and a cup of good soil. Drop a seed in each and ask what will happen to it.',
        },
        { h2: '3. What Jesus meant (10 minutes)' },
        {
          p: 'Read Mark 4:14-20. The seed is the word of God. Match each cup to its meaning: taken away at once, received with gladness but no root, choked by cares and riches, heard and received and fruitful.',
        },
        { h2: '4. Plant a seed to take home (15 minutes)' },
        {
          p: 'Each child fills a pot with good soil, plants a bean a finger deep and waters it. Tape the planting card (below) to the pot.',
        },
        { h2: '5. Close in prayer (5 minutes)' },
        { p: 'Pray that God’s word would grow in each heart like seed in good ground.' },
        { page: true },
        { h: 'Discussion questions' },
        { h2: 'Ages 5-7' },
        {
          list: [
            'What happened to the seed on the path?',
            'Why did the plants on the stones dry up?',
            'What does a seed need to grow?',
            'How can we listen well when we hear about Jesus?',
          ],
          numbered: true,
        },
        { h2: 'Ages 8-10' },
        {
          list: [
            'Which ground do the birds stand for? Who does Jesus say takes the word away?',
            'What might “no root” look like for a child at school?',
            'What are some thorns that can crowd out God’s word today?',
            'What kind of fruit can a life grow? (Think of Galatians 5:22-23.)',
          ],
          numbered: true,
        },
        { h2: 'Ages 11-12' },
        {
          list: [
            'Why do you think Jesus taught in parables (Mark 4:11-12)?',
            'Have you ever been excited about something that did not last? Why?',
            'Which of the four soils is hardest to notice in yourself? Why?',
            'What one habit could make your heart better soil this week?',
          ],
          numbered: true,
        },
        { h: 'Take-home planting card' },
        {
          card: {
            title: 'My growing bean',
            verse: 'The sower soweth the word.',
            ref: 'Mark 4:14',
            lines: [
              'Cut out this card and tape it to your pot.',
              'Water your bean, give it light, and watch it grow. Ask God to help his word grow in you too.',
              'My name: ______________________   Planted on: ______________',
            ],
          },
        },
      ],
    },
  },
  {
    slug: 'paul-in-antioch-small-group-guide',
    title: 'Paul in Antioch: Small Group Guide',
    description:
      'Four sessions on the church in Antioch, where believers were first called Christians: welcome, encouragement, generosity and sending.',
    category: 'teaching-resources',
    ageRange: '13+',
    scriptureRef: 'Acts 11:19-30; 13:1-3',
    tags: ['Acts', 'Small Groups', 'Paul'],
    featured: true,
    pdf: {
      kind: 'lesson',
      contents: [
        'Notes for leaders',
        'Four sessions, each with a reading, background, questions, a practice and a prayer',
      ],
      blocks: [
        { h: 'Notes for leaders' },
        {
          p: 'Each session takes about an hour: ten minutes to open, twenty to read and talk about the passage, twenty on the questions, ten to pray. Read the passage twice aloud, in different voices. You do not need answers to every question; let the group find them in the text. Session 2 and session 4 tell us most about Barnabas and Saul (Paul), whose work began here.',
        },
        { h: 'Session 1: A church that welcomed everyone' },
        { p: 'Read: Acts 11:19-21' },
        {
          verse:
            'And some of them were men of Cyprus and Cyrene, which, when they were come to Antioch, spake unto the Grecians, preaching the Lord Jesus. And the hand of the Lord was with them: and a great number believed, and turned unto the Lord.',
          ref: 'Acts 11:20-21',
        },
        { h2: 'Background' },
        {
          p: 'Antioch was the third city of the Roman world, a crossroads of languages and peoples. Believers scattered by the persecution after Stephen’s death spoke “to the Jews only” until a few unnamed people from Cyprus and Cyrene spoke to Greeks as well. A mixed church was born.',
        },
        { h2: 'Questions' },
        {
          list: [
            'Why do you think the first believers spoke only to people like themselves?',
            'The people who crossed the line are not even named. What does that tell us?',
            'Who is the “Greek” in your town: someone your church rarely speaks to?',
            'What does “the hand of the Lord was with them” look like today?',
          ],
          numbered: true,
        },
        { h2: 'Practice and prayer' },
        {
          p: 'This week, have a real conversation with someone outside your usual circle. Pray for them by name.',
        },
        { page: true },
        { h: 'Session 2: The encourager' },
        { p: 'Read: Acts 11:22-26' },
        {
          verse:
            'For he was a good man, and full of the Holy Ghost and of faith: and much people was added unto the Lord.',
          ref: 'Acts 11:24',
        },
        { h2: 'Background' },
        {
          p: 'Jerusalem sent Barnabas, whose name means “son of consolation” (Acts 4:36). He saw the grace of God and was glad, then went to Tarsus to find Saul and bring him to Antioch, where they taught for a whole year. “The disciples were called Christians first in Antioch.”',
        },
        { h2: 'Questions' },
        {
          list: [
            'Barnabas “had seen the grace of God” and was glad, before he saw any problems. What helps us do that?',
            'Why do you think he went looking for Saul instead of leading alone?',
            'The name “Christians” was probably given by outsiders. What would outsiders call your group?',
            'Who has been a Barnabas to you? Who could you be one to?',
          ],
          numbered: true,
        },
        { h2: 'Practice and prayer' },
        {
          p: 'Write a note of encouragement to someone this week. Pray for a person whose gifts others have overlooked.',
        },
        { page: true },
        { h: 'Session 3: Giving before the famine' },
        { p: 'Read: Acts 11:27-30' },
        {
          verse:
            'Then the disciples, every man according to his ability, determined to send relief unto the brethren which dwelt in Judaea.',
          ref: 'Acts 11:29',
        },
        { h2: 'Background' },
        {
          p: 'Agabus foretold a great famine, which came in the days of Claudius. The young church in Antioch did not wait for it: each gave as they were able and sent the gift with Barnabas and Saul to the elders in Judaea, the church that had first sent them the gospel.',
        },
        { h2: 'Questions' },
        {
          list: [
            'What is striking about a new, mostly Gentile church giving to Jerusalem?',
            'Why “every man according to his ability” and not an equal amount?',
            'What stops us from giving before a need is at our own door?',
            'Is there a need your group could meet together this month?',
          ],
          numbered: true,
        },
        { h2: 'Practice and prayer' },
        {
          p: 'Choose one gift to give this week, of money, time or skill. Pray for a place facing hunger today.',
        },
        { page: true },
        { h: 'Session 4: Worship, fasting and sending' },
        { p: 'Read: Acts 13:1-3' },
        {
          verse:
            'As they ministered to the Lord, and fasted, the Holy Ghost said, Separate me Barnabas and Saul for the work whereunto I have called them.',
          ref: 'Acts 13:2',
        },
        { h2: 'Background' },
        {
          p: 'The leaders at Antioch were as mixed as the city: Barnabas from Cyprus, Simeon called Niger, Lucius of Cyrene, Manaen who grew up with Herod, and Saul of Tarsus. While they worshipped and fasted, the Spirit called two of their best to leave. They laid hands on them and sent them away: the first of Paul’s journeys began.',
        },
        { h2: 'Questions' },
        {
          list: [
            'What does the list of leaders tell us about this church?',
            'The call came while they were worshipping, not planning. Why might that matter?',
            'Why is it hard to send away the people we most depend on?',
            'Who might God be calling your group to send, support or release?',
          ],
          numbered: true,
        },
        { h2: 'Practice and prayer' },
        {
          p: 'Set aside one meal this week to fast and pray for someone serving far from home. Close the series by praying for each member of the group by name.',
        },
      ],
    },
  },
  {
    slug: 'ten-commandments-teaching-cards',
    title: 'Ten Commandments Teaching Cards',
    description:
      'Ten cards to cut out, each with a commandment in the words of Exodus 20, the same in simple words, a question to talk about and a hand sign to remember it.',
    category: 'teaching-resources',
    ageRange: '6-9',
    scriptureRef: 'Exodus 20:1-17',
    tags: ['Old Testament', 'Sunday School', 'Memory Verse'],
    pdf: {
      kind: 'lesson',
      contents: ['How to use the cards', 'Ten cards to cut out'],
      blocks: [
        { h: 'How to use the cards' },
        {
          list: [
            'Cut out the cards along the boxes.',
            'Show one card and read the commandment together.',
            'Say it again in simple words and ask the card’s question. Listen to every answer.',
            'Learn the hand sign and repeat the commandment with it three times.',
            'Pin the card on the wall of the week and add one each week.',
          ],
          numbered: true,
        },
        {
          verse:
            'And God spake all these words, saying, I am the LORD thy God, which have brought thee out of the land of Egypt, out of the house of bondage.',
          ref: 'Exodus 20:1-2',
        },
        { page: true },
        ...TEN_COMMANDMENTS.map(
          (c, i): Block => ({
            card: {
              title: `Commandment ${i + 1}`,
              verse: c.text,
              ref: c.ref,
              lines: [`In simple words: ${c.simple}`, `Talk about it: ${c.question}`, `Hand sign: ${c.sign}`],
            },
          }),
        ),
      ],
    },
  },
  {
    slug: 'fruit-of-the-spirit-unit',
    title: 'Fruit of the Spirit Unit Study',
    description:
      'Nine short lessons, one for each fruit of the Spirit, each with a Bible story, a kindness challenge and a real fruit to taste, plus a fruit tree to colour.',
    category: 'teaching-resources',
    ageRange: '8-12',
    scriptureRef: 'Galatians 5:22-23',
    tags: ['Homeschool', 'Character', 'Sunday School'],
    art: 'tree',
    pdf: {
      kind: 'lesson',
      contents: ['How the unit works', 'Nine lessons', 'A fruit tree to colour'],
      blocks: [
        { h: 'How the unit works' },
        {
          verse:
            'But the fruit of the Spirit is love, joy, peace, longsuffering, gentleness, goodness, faith, meekness, temperance: against such there is no law.',
          ref: 'Galatians 5:22-23',
        },
        {
          p: 'Take one fruit a day or a week. Read the story, talk about it, taste the fruit together and take up the challenge. Colour one fruit on the tree each time you finish a lesson. (The KJV words longsuffering, meekness and temperance are patience, gentleness and self-control in many newer translations.)',
        },
        ...FRUIT_LESSONS.flatMap((f, i): Block[] => [
          { h2: `Lesson ${i + 1}: ${f.name}` },
          { list: [`Story: ${f.story}`, `Taste: ${f.taste}`, `Challenge: ${f.challenge}`] },
        ]),
        { page: true },
        { image: 'art' },
      ],
    },
  },
  {
    slug: 'psalms-for-teens-discussion-guide',
    title: 'Psalms for Teens Discussion Guide',
    description:
      'Honest conversations about worry, joy, anger and hope, guided by six psalms that give words to every feeling, with questions and a prayer for each.',
    category: 'teaching-resources',
    ageRange: '13+',
    scriptureRef: 'Psalms 13, 23, 42, 51, 100, 139',
    tags: ['Psalms', 'Youth', 'Small Groups'],
    pdf: {
      kind: 'lesson',
      contents: ['Six conversations, each with a key verse, questions and a prayer'],
      blocks: [
        { h: 'For leaders' },
        {
          p: 'The psalms are prayers for every mood, including the ones we hide. Read the whole psalm aloud, let a silence sit, then use the questions. Nobody has to share; everybody is welcome to.',
        },
        ...TEEN_PSALMS.flatMap((s): Block[] => [
          { h: `${s.ref}: ${s.theme}` },
          { verse: s.verse, ref: s.verseRef },
          { list: s.questions, numbered: true },
          { note: `Pray: ${s.prayer}` },
        ]),
      ],
    },
  },
  // Engagement & Reflection
  {
    slug: 'thirty-day-gratitude-journal',
    title: '30-Day Gratitude Journal',
    description: 'A month of short prompts to notice God’s gifts, with space to write or draw each day.',
    category: 'engagement-reflection',
    ageRange: '13+',
    scriptureRef: '1 Thessalonians 5:16-18',
    tags: ['Gratitude', 'Journaling', 'Prayer'],
    featured: true,
    pdf: {
      kind: 'journal',
      contents: ['Thirty daily prompts', 'Space to write or draw each day'],
      blocks: [
        { h: 'Before you begin' },
        {
          verse:
            'Rejoice evermore. Pray without ceasing. In every thing give thanks: for this is the will of God in Christ Jesus concerning you.',
          ref: '1 Thessalonians 5:16-18',
        },
        {
          p: 'Each day, read the prompt, write a few lines or draw, and end with a one-line thank-you prayer.',
        },
        ...GRATITUDE_PROMPTS.flatMap((prompt, i): Block[] => [
          { h2: `Day ${i + 1}: ${prompt}` },
          { lines: 4 },
        ]),
      ],
    },
  },
  {
    slug: 'family-prayer-jar-prompts',
    title: 'Family Prayer Jar Prompts',
    description:
      'Forty prayer prompts to cut into slips and fold into a jar: each evening someone pulls one and the family prays for it together.',
    category: 'engagement-reflection',
    ageRange: 'All Ages',
    scriptureRef: 'Philippians 4:6',
    tags: ['Prayer', 'Family'],
    pdf: {
      kind: 'journal',
      contents: ['How to make the jar', 'Forty prompts to cut out'],
      blocks: [
        { h: 'Make your prayer jar' },
        {
          verse:
            'Be careful for nothing; but in every thing by prayer and supplication with thanksgiving let your requests be made known unto God.',
          ref: 'Philippians 4:6',
        },
        {
          list: [
            'Find a clean jar and decorate its label.',
            'Cut the prompts apart, fold each one and drop it in.',
            'Each evening, someone pulls a slip and reads it aloud.',
            'Everyone who wants to prays one sentence about it.',
            'Put the slip back, or keep it in a “prayed for” pile and see how God answers.',
          ],
          numbered: true,
        },
        { h: 'Prompts to cut out' },
        { slips: PRAYER_JAR_PROMPTS },
      ],
    },
  },
  {
    slug: 'lectio-divina-reflection-sheet',
    title: 'Lectio Divina Reflection Sheet',
    description:
      'A guide to praying slowly with Scripture: read, reflect, respond and rest, with a passage to start with and space for notes.',
    category: 'engagement-reflection',
    ageRange: '13+',
    scriptureRef: 'Psalm 46:10',
    tags: ['Prayer', 'Scripture Reading'],
    pdf: {
      kind: 'journal',
      contents: ['The four movements', 'A passage to begin with', 'Space for notes'],
      blocks: [
        { h: 'Praying slowly with Scripture' },
        {
          p: 'Lectio divina (“divine reading”) is an old way of reading the Bible slowly, listening for God. Choose a short passage, set aside fifteen minutes, and move through four steps.',
        },
        { h2: '1. Read' },
        {
          p: 'Read the passage aloud, slowly, twice. Which word or phrase stands out to you? Write it below.',
        },
        { h2: '2. Reflect' },
        {
          p: 'Read it again. Why might God draw your attention to this word today? What does it touch in your life?',
        },
        { h2: '3. Respond' },
        {
          p: 'Read it a third time. Tell God honestly what you want to say: thanks, a request, a confession, a question.',
        },
        { h2: '4. Rest' },
        { p: 'Stop reading and be still for a few minutes. You do not need to do anything. Let God be God.' },
        { h2: 'A passage to begin with' },
        {
          verse:
            'God is our refuge and strength, a very present help in trouble... Be still, and know that I am God: I will be exalted among the heathen, I will be exalted in the earth.',
          ref: 'Psalm 46:1, 10',
        },
        { page: true },
        { h: 'My notes' },
        { box: 'The word or phrase', height: 60 },
        { box: 'What it touches in me', height: 130 },
        { box: 'What I want to say to God', height: 130 },
        { box: 'After resting', height: 100 },
      ],
    },
  },
  {
    slug: 'names-of-god-devotional',
    title: 'Names of God Devotional',
    description:
      'Twelve days with the names of God, from El Shaddai to Emmanuel, each with a reading, a reflection and a prayer, and a star to colour.',
    category: 'engagement-reflection',
    ageRange: '8-12',
    scriptureRef: 'Exodus 3:13-15',
    tags: ['Devotional', 'Names of God'],
    art: 'star',
    pdf: {
      kind: 'journal',
      contents: ['Twelve names of God', 'A star to colour'],
      blocks: [
        { h: 'What is his name?' },
        {
          verse:
            'And God said unto Moses, I AM THAT I AM: and he said, Thus shalt thou say unto the children of Israel, I AM hath sent me unto you.',
          ref: 'Exodus 3:14',
        },
        {
          p: 'In the Bible, a name tells who someone is. Spend a day with each name: read the verse, think about the reflection, and pray the prayer in your own words.',
        },
        ...NAMES_OF_GOD.flatMap((n, i): Block[] => [
          { h2: `Day ${i + 1}: ${n.name}, ${n.meaning}` },
          { p: `Read: ${n.ref}` },
          { p: n.reflection },
          { note: `Pray: ${n.prayer}` },
        ]),
        { page: true },
        { image: 'art' },
      ],
    },
  },
  {
    slug: 'sermon-notes-for-kids',
    title: 'Sermon Notes for Kids',
    description:
      'A fill-in page for children to draw and write what they hear on Sunday, with a “word to listen for” box.',
    category: 'engagement-reflection',
    ageRange: '6-9',
    scriptureRef: 'James 1:22',
    tags: ['Church', 'Journaling'],
    pdf: {
      kind: 'journal',
      contents: ['A note page to fill in every Sunday (print one per week)'],
      blocks: [
        { h: 'My sermon notes' },
        { verse: 'But be ye doers of the word, and not hearers only', ref: 'James 1:22' },
        { box: 'Date and preacher', height: 28 },
        { box: 'Word to listen for (tick it each time you hear it)', height: 50 },
        { box: 'Today’s Bible story or verse was about…', height: 70 },
        { box: 'Draw your favourite part', height: 200 },
        { box: 'This week I can…', height: 60 },
      ],
    },
  },
  // Games & Puzzles
  {
    slug: 'books-of-the-bible-word-search',
    title: 'Books of the Bible Word Search',
    description:
      'Eighteen books of the Bible hidden in a 14 by 14 grid, across, down and diagonally, with the answer key.',
    category: 'games-puzzles',
    ageRange: '8-12',
    scriptureRef: '2 Timothy 3:16',
    tags: ['Word Search', 'Bible Books'],
    featured: true,
    pdf: {
      kind: 'game',
      contents: ['The word search', 'The answer key'],
      blocks: [
        { h: 'Books of the Bible Word Search' },
        {
          p: 'Find the eighteen books below. They run across, down, or diagonally, always forwards. Tick each one as you find it. Can you find the five books of Moses first?',
        },
        { wordSearch: BIBLE_BOOKS_SEARCH },
        {
          verse:
            'All scripture is given by inspiration of God, and is profitable for doctrine, for reproof, for correction, for instruction in righteousness',
          ref: '2 Timothy 3:16',
        },
        { page: true },
        { h: 'Answer key' },
        { wordSearch: BIBLE_BOOKS_SEARCH, key: true },
      ],
    },
  },
  {
    slug: 'exodus-maze-adventure',
    title: 'Exodus Maze Adventure',
    description:
      'Lead the people of Israel out of Egypt, through the Red Sea, to Mount Sinai in this winding maze, with the story and the answer.',
    category: 'games-puzzles',
    ageRange: '6-9',
    scriptureRef: 'Exodus 14',
    tags: ['Mazes', 'Old Testament', 'Moses'],
    art: 'maze',
    pdf: {
      kind: 'game',
      contents: ['The story', 'The maze', 'The answer'],
      blocks: [
        { h: 'The story' },
        {
          verse:
            'And Moses stretched out his hand over the sea; and the LORD caused the sea to go back by a strong east wind all that night, and made the sea dry land, and the waters were divided. And the children of Israel went into the midst of the sea upon the dry ground.',
          ref: 'Exodus 14:21-22',
        },
        {
          p: 'God led his people out of Egypt by a pillar of cloud by day and a pillar of fire by night (Exodus 13:21). He opened a path through the Red Sea and brought them to the mountain of God, where he gave them the Ten Commandments.',
        },
        {
          p: 'Your turn: start at the top left in Egypt and find the one path to Mount Sinai at the bottom right. Use a pencil, then colour the sea blue on the picture page.',
        },
        { page: true },
        { image: 'art' },
        { page: true },
        { h: 'Answer' },
        { maze: EXODUS_MAZE, key: true },
      ],
    },
  },
  {
    slug: 'disciples-crossword',
    title: 'Twelve Disciples Crossword',
    description: 'A crossword of the disciples Jesus chose, with clues from the Gospels and the answer key.',
    category: 'games-puzzles',
    ageRange: '8-12',
    scriptureRef: 'Luke 6:12-16',
    tags: ['Crossword', 'Disciples'],
    pdf: {
      kind: 'game',
      contents: ['The crossword and its clues', 'The answer key'],
      blocks: [
        { h: 'Twelve Disciples Crossword' },
        { p: 'Luke 6:13-16 names the twelve. Use the clues (and your Bible) to fill in the grid.' },
        { crossword: DISCIPLES_CROSSWORD },
        { page: true },
        { h: 'Answer key' },
        { crossword: DISCIPLES_CROSSWORD, key: true },
      ],
    },
  },
  {
    slug: 'scripture-cipher-challenge',
    title: 'Scripture Cipher Challenge',
    description:
      'Five KJV verses encoded in five classic ciphers, from a Caesar shift to a keyword cipher, with the keys and an answer page. A taste of our puzzle boxes for curious minds.',
    category: 'games-puzzles',
    ageRange: '13+',
    scriptureRef: 'Proverbs 25:2',
    tags: ['Ciphers', 'Puzzles'],
    pdf: {
      kind: 'game',
      contents: ['Five encoded verses with their keys', 'The answers'],
      blocks: [
        { h: 'The challenge' },
        {
          p: 'Each verse below is hidden in a different cipher. The key tells you how it works; the reference tells you where to check your answer. Punctuation and spaces are left as they are.',
        },
        ...CIPHER_VERSES.flatMap((v, i): Block[] => [
          { h2: `${i + 1}. ${CIPHER_NAMES[v.cipher]} (${v.ref})` },
          { note: `Key: ${CIPHER_KEYS[v.cipher]}` },
          { code: encodeVerse(v.cipher, v.text) },
          { lines: 2 },
        ]),
        { page: true },
        { h: 'Answers' },
        ...CIPHER_VERSES.map((v): Block => ({ verse: v.text, ref: v.ref })),
      ],
    },
  },
  {
    slug: 'bible-bingo-family-game',
    title: 'Bible Bingo Family Game',
    description:
      'Six ready-to-play bingo cards of people, places and animals from Bible stories, with the caller’s list of clues and how to play as a family.',
    category: 'games-puzzles',
    ageRange: 'All Ages',
    scriptureRef: null,
    tags: ['Family', 'Games'],
    pdf: {
      kind: 'game',
      contents: ['How to play', 'The caller’s list', 'Six bingo cards'],
      blocks: [
        { h: 'How to play' },
        {
          list: [
            'Cut the caller’s list into slips, fold them and put them in a bowl.',
            'Give each player a card and a handful of buttons or dried beans.',
            'The caller pulls a slip and reads the clue, not the answer.',
            'Everyone who has the answer on their card covers it. The centre is free.',
            'Five in a row, across, down or diagonally, wins, and the winner tells one of the stories back!',
          ],
          numbered: true,
        },
        { h: 'The caller’s list' },
        { list: BINGO_CALLS.map((c) => `${c.word}: ${c.clue}`), checkbox: true, compact: true },
        { page: true },
        { bingo: { pool: BINGO_CALLS.map((c) => c.word), cards: 6, seed: 77 } },
      ],
    },
  },
  // Seasonal & Special
  {
    slug: 'advent-calendar-readings',
    title: 'Advent Calendar of Readings',
    description:
      'A star to colour and hang, with a reading for each of the 24 days of Advent on the way to the manger.',
    category: 'seasonal-special',
    ageRange: 'All Ages',
    scriptureRef: 'Isaiah 9:2-7',
    tags: ['Advent', 'Christmas', 'Family'],
    featured: true,
    art: 'star',
    pdf: {
      kind: 'activity',
      contents: ['Readings for December 1 to 24', 'A star to colour and hang'],
      blocks: [
        { h: 'Readings for Advent' },
        { verse: 'The people that walked in darkness have seen a great light', ref: 'Isaiah 9:2' },
        {
          p: 'Read one passage each evening in December, tick it off, and colour one point of the star when you finish each week.',
        },
        { list: ADVENT_READINGS.map((r, i) => `December ${i + 1}: ${r}`), checkbox: true },
        { page: true },
        { image: 'art' },
      ],
    },
  },
  {
    slug: 'easter-resurrection-eggs-guide',
    title: 'Resurrection Eggs Guide',
    description:
      'Twelve eggs, twelve small objects, twelve readings: tell the Easter story from the donkey to the empty tomb, with a cross and sunrise to colour.',
    category: 'seasonal-special',
    ageRange: '4-7',
    scriptureRef: 'Matthew 21-28',
    tags: ['Easter', 'Family', 'Jesus'],
    art: 'cross',
    pdf: {
      kind: 'activity',
      contents: ['What to put in each egg', 'Twelve readings', 'A page to colour'],
      blocks: [
        { h: 'Get ready' },
        {
          p: 'You need twelve plastic eggs, numbered 1 to 12, and the small objects below. Open one egg a day in the twelve days before Easter, or all of them in one sitting. Read the passage and ask what the object reminds you of.',
        },
        ...RESURRECTION_EGGS.map((e, i): Block => ({ h2: `Egg ${i + 1}: ${e.object}` })).flatMap((h, i) => [
          h,
          { p: `Read ${RESURRECTION_EGGS[i]!.ref}. ${RESURRECTION_EGGS[i]!.meaning}` } as Block,
        ]),
        { page: true },
        { image: 'art' },
      ],
    },
  },
  {
    slug: 'harvest-thanksgiving-placemats',
    title: 'Harvest Thanksgiving Placemats',
    description:
      'A harvest basket to colour as a placemat, with a table prayer and a “what are you thankful for?” list for each guest.',
    category: 'seasonal-special',
    ageRange: 'All Ages',
    scriptureRef: 'Psalm 65:9-13',
    tags: ['Thanksgiving', 'Gratitude', 'Colouring'],
    art: 'loaves',
    pdf: {
      kind: 'activity',
      contents: ['A table prayer', 'A thankful list for each guest', 'The placemat to colour'],
      blocks: [
        { h: 'A table prayer' },
        {
          verse: 'Thou crownest the year with thy goodness; and thy paths drop fatness.',
          ref: 'Psalm 65:11',
        },
        {
          p: 'Lord of the harvest, thank you for this food, for the hands that grew it and made it, and for everyone at this table. Make us generous with all you give us. Amen.',
        },
        { h: 'What are you thankful for?' },
        {
          p: 'Pass this page round the table. Each guest writes a name and one thing they are thankful for this year.',
        },
        { lines: 12 },
        { page: true },
        { image: 'art' },
      ],
    },
  },
  {
    slug: 'pentecost-flame-craft',
    title: 'Pentecost Flame Craft',
    description:
      'A flame to colour and wear as a headband, with the Pentecost story and how to make a paper wind spinner.',
    category: 'seasonal-special',
    ageRange: '6-9',
    scriptureRef: 'Acts 2:1-13',
    tags: ['Pentecost', 'Crafts', 'Holy Spirit'],
    art: 'flame',
    pdf: {
      kind: 'activity',
      contents: ['The story', 'How to make the headband and the wind spinner', 'The flames to colour'],
      blocks: [
        { h: 'The story' },
        {
          verse:
            'And suddenly there came a sound from heaven as of a rushing mighty wind, and it filled all the house where they were sitting. And there appeared unto them cloven tongues like as of fire, and it sat upon each of them. And they were all filled with the Holy Ghost',
          ref: 'Acts 2:2-4',
        },
        { h: 'Flame headband' },
        {
          list: [
            'Colour the flames red, orange and gold.',
            'Cut them out and glue them to a strip of card 5 cm wide.',
            'Wrap the strip round your head and tape the ends together.',
          ],
          numbered: true,
        },
        { h: 'Wind spinner' },
        {
          list: [
            'Cut a square of paper 15 cm wide and colour both sides like fire.',
            'Cut from each corner halfway to the middle.',
            'Fold every other point into the centre and push a pin through them into a pencil eraser.',
            'Blow, and remember the rushing mighty wind!',
          ],
          numbered: true,
        },
        { page: true },
        { image: 'art' },
      ],
    },
  },
  // Drafts: not published, so never shown publicly.
  {
    slug: 'lent-prayer-walk-draft',
    title: 'Lent Prayer Walk (draft)',
    description: 'Forty stations for a family prayer walk through Lent. Still being illustrated.',
    category: 'seasonal-special',
    ageRange: 'All Ages',
    scriptureRef: 'Luke 4:1-13',
    tags: ['Lent', 'Prayer'],
    published: false,
    pdf: { kind: 'journal', blocks: [{ h: 'Station 1: in the wilderness' }, { p: 'Read Luke 4:1-13.' }] },
  },
  {
    slug: 'jonah-escape-room-draft',
    title: 'Jonah Escape Room (draft)',
    description: 'A printable escape room inside the great fish. Puzzles under testing.',
    category: 'games-puzzles',
    ageRange: '8-12',
    scriptureRef: 'Jonah 1-2',
    tags: ['Puzzles', 'Old Testament'],
    published: false,
    pdf: { kind: 'game', blocks: [{ h: 'Puzzle 1: the storm' }, { p: 'Read Jonah 1.' }] },
  },
]

/** The colouring galleries: one PNG page each, listed only in their gallery. */
export type GallerySeed = {
  slug: string
  title: string
  art?: ArtSubject
  verse?: { text: string; ref: string }
}

export const GALLERY_PAGES: GallerySeed[] = [
  {
    slug: 'bible-verses-be-still',
    title: 'Be Still and Know',
    verse: { text: 'Be still, and know that I am God.', ref: 'Psalm 46:10' },
  },
  {
    slug: 'bible-verses-light-of-the-world',
    title: 'Light of the World',
    verse: { text: 'I am the light of the world.', ref: 'John 8:12' },
  },
  {
    slug: 'bible-verses-love-is-patient',
    title: 'Love Is Patient',
    verse: { text: 'Love is patient and is kind.', ref: '1 Corinthians 13:4' },
  },
  {
    slug: 'bible-verses-the-lord-is-my-shepherd',
    title: 'The Lord Is My Shepherd',
    verse: { text: 'The Lord is my shepherd.', ref: 'Psalm 23:1' },
  },
  {
    slug: 'bible-verses-this-is-the-day',
    title: 'This Is the Day',
    verse: { text: 'This is the day which the Lord hath made.', ref: 'Psalm 118:24' },
  },
  { slug: 'faith-coloring-cross-and-sunrise', title: 'Cross and Sunrise', art: 'cross' },
  { slug: 'faith-coloring-dove-of-peace', title: 'Dove of Peace', art: 'dove' },
  { slug: 'faith-coloring-heart-of-love', title: 'Heart of Love', art: 'heart' },
  { slug: 'faith-coloring-lamb-of-god', title: 'Lamb of God', art: 'lamb' },
  { slug: 'faith-coloring-lion-of-judah', title: 'Lion of Judah', art: 'lion' },
  { slug: 'noahs-ark-the-great-ark', title: 'The Great Ark', art: 'ark' },
  { slug: 'noahs-ark-rainbow-promise', title: 'The Rainbow Promise', art: 'rainbow' },
  { slug: 'noahs-ark-dove-with-olive-leaf', title: 'Dove with an Olive Leaf', art: 'dove' },
  { slug: 'noahs-ark-two-by-two', title: 'Two by Two', art: 'pair' },
  { slug: 'noahs-ark-forty-days-of-rain', title: 'Forty Days of Rain', art: 'rain' },
]
