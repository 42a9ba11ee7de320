import type { ArtSubject } from '../art'

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

/** What a resource's PDF holds: its kind decides the layout of the last page. */
export type PdfPlan = { kind: 'lesson' | 'journal' | 'game' | 'activity'; points: string[] }

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
  pdf?: PdfPlan
}

const KIDS = 'kids-activities-colouring'

export const RESOURCES: ResourceSeed[] = [
  // Kids Activities & Colouring
  {
    slug: 'creation-week-colouring-book',
    title: 'Creation Week Colouring Book',
    description:
      'A sunrise colouring page and a guide to the seven days of creation, from the first light to the day of rest, to read aloud while colouring.',
    category: KIDS,
    ageRange: '4-7',
    scriptureRef: 'Genesis 1:1-2:3',
    tags: ['Creation', 'Colouring', 'Old Testament'],
    featured: true,
    art: 'sun',
    pdf: {
      kind: 'activity',
      points: [
        'Day 1: light',
        'Day 2: sky and sea',
        'Day 3: land and plants',
        'Day 4: sun, moon and stars',
        'Day 5: birds and fish',
        'Day 6: animals and people',
        'Day 7: rest',
      ],
    },
  },
  {
    slug: 'good-shepherd-finger-puppets',
    title: 'Good Shepherd Finger Puppets',
    description:
      'Cut, colour and fold a shepherd and his flock of sheep, then retell the parable of the lost sheep with your own puppet show.',
    category: KIDS,
    ageRange: '4-7',
    scriptureRef: 'Luke 15:3-7',
    tags: ['Parables', 'Crafts', 'Jesus'],
    art: 'lamb',
    pdf: {
      kind: 'activity',
      points: [
        'Colour the shepherd and all one hundred (well, ten) sheep.',
        'Cut along the dotted lines and fold the tabs.',
        'Hide one sheep somewhere in the room.',
        'Act out the search, and the party when it is found!',
      ],
    },
  },
  {
    slug: 'fishers-of-people-activity-pack',
    title: 'Fishers of People Activity Pack',
    description:
      'A fishing-net maze, a count-the-fish page and a colouring sheet of Jesus calling Peter and Andrew by the Sea of Galilee.',
    category: KIDS,
    ageRange: '6-9',
    scriptureRef: 'Matthew 4:18-22',
    tags: ['Disciples', 'Jesus', 'Colouring'],
    art: 'fish',
    pdf: {
      kind: 'activity',
      points: [
        'Follow the net to bring the boat to shore.',
        'Count the fish: how many did the disciples catch?',
        'Colour Peter and Andrew leaving their nets.',
      ],
    },
  },
  {
    slug: 'armour-of-god-craft',
    title: 'Armour of God Craft',
    description:
      'Templates for a paper helmet, shield and sword, each labelled with its piece of the armour of God and a verse to remember.',
    category: KIDS,
    ageRange: '6-9',
    scriptureRef: 'Ephesians 6:10-18',
    tags: ['Crafts', 'Memory Verse'],
    art: 'crown',
    pdf: {
      kind: 'activity',
      points: [
        'Belt of truth',
        'Breastplate of righteousness',
        'Shoes of the gospel of peace',
        'Shield of faith',
        'Helmet of salvation',
        'Sword of the Spirit',
      ],
    },
  },
  {
    slug: 'little-lamp-bedtime-prayers',
    title: 'Little Lamp Bedtime Prayers',
    description: 'A colour-in prayer card with a short, gentle prayer for each night of the week.',
    category: KIDS,
    ageRange: '3-5',
    scriptureRef: 'Psalm 4:8',
    tags: ['Prayer', 'Bedtime'],
    art: 'lamp',
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
      points: [
        'Welcome game: “Where did the seed land?” (5 min)',
        'Read Mark 4:1-9 with seed cups and soil (10 min)',
        'Talk: what kind of soil is my heart today? (10 min)',
        'Plant a bean in good soil to take home (15 min)',
        'Close in prayer for growing faith (5 min)',
      ],
    },
  },
  {
    slug: 'paul-in-antioch-small-group-guide',
    title: 'Paul in Antioch: Small Group Guide',
    description:
      'Four sessions on the church in Antioch, where believers were first called Christians: generosity, worship, sending and encouragement.',
    category: 'teaching-resources',
    ageRange: '13+',
    scriptureRef: 'Acts 11:19-30; 13:1-3',
    tags: ['Acts', 'Small Groups', 'Paul'],
    featured: true,
    pdf: {
      kind: 'lesson',
      points: [
        'Session 1: A church that welcomed everyone (Acts 11:19-21)',
        'Session 2: The encourager, Barnabas (Acts 11:22-26)',
        'Session 3: Giving before the famine (Acts 11:27-30)',
        'Session 4: Worship, fasting and sending (Acts 13:1-3)',
      ],
    },
  },
  {
    slug: 'ten-commandments-teaching-cards',
    title: 'Ten Commandments Teaching Cards',
    description:
      'Ten illustrated cards with each commandment in simple words, a question to talk about and a hand sign to remember it.',
    category: 'teaching-resources',
    ageRange: '6-9',
    scriptureRef: 'Exodus 20:1-17',
    tags: ['Old Testament', 'Sunday School', 'Memory Verse'],
    pdf: {
      kind: 'lesson',
      points: [
        'Show the card and read the commandment together.',
        'Ask the card’s question and listen to every answer.',
        'Learn the hand sign and repeat it three times.',
        'Pin the card on the wall of the week.',
      ],
    },
  },
  {
    slug: 'fruit-of-the-spirit-unit',
    title: 'Fruit of the Spirit Unit Study',
    description:
      'Nine short lessons, one for each fruit of the Spirit, with a story, a kindness challenge and a tasting of real fruit.',
    category: 'teaching-resources',
    ageRange: '8-12',
    scriptureRef: 'Galatians 5:22-23',
    tags: ['Homeschool', 'Character', 'Sunday School'],
    art: 'tree',
    pdf: {
      kind: 'lesson',
      points: [
        'Love',
        'Joy',
        'Peace',
        'Patience',
        'Kindness',
        'Goodness',
        'Faithfulness',
        'Gentleness',
        'Self-control',
      ],
    },
  },
  {
    slug: 'psalms-for-teens-discussion-guide',
    title: 'Psalms for Teens Discussion Guide',
    description:
      'Honest conversations about worry, joy, anger and hope, guided by six psalms that give words to every feeling.',
    category: 'teaching-resources',
    ageRange: '13+',
    scriptureRef: 'Psalms 13, 23, 42, 51, 100, 139',
    tags: ['Psalms', 'Youth', 'Small Groups'],
    pdf: {
      kind: 'lesson',
      points: [
        'Psalm 13: when God feels far away',
        'Psalm 23: the Shepherd who walks with us',
        'Psalm 42: thirsty for God',
        'Psalm 51: starting again',
        'Psalm 100: shout for joy',
        'Psalm 139: known and loved',
      ],
    },
  },
  // Engagement & Reflection
  {
    slug: 'thirty-day-gratitude-journal',
    title: '30-Day Gratitude Journal',
    description:
      'A month of short prompts to notice God’s gifts, with space to write, draw or stick in a photo each day.',
    category: 'engagement-reflection',
    ageRange: '13+',
    scriptureRef: '1 Thessalonians 5:16-18',
    tags: ['Gratitude', 'Journaling', 'Prayer'],
    featured: true,
    pdf: {
      kind: 'journal',
      points: [
        'Today I noticed…',
        'Someone who showed me kindness…',
        'A verse that stayed with me…',
        'Something small that made me smile…',
      ],
    },
  },
  {
    slug: 'family-prayer-jar-prompts',
    title: 'Family Prayer Jar Prompts',
    description:
      'Prayer prompts to copy onto slips and fold into a jar: each evening someone pulls one and the family prays for it together.',
    category: 'engagement-reflection',
    ageRange: 'All Ages',
    scriptureRef: 'Philippians 4:6',
    tags: ['Prayer', 'Family'],
    pdf: {
      kind: 'journal',
      points: [
        'Pray for someone who is ill.',
        'Thank God for our home.',
        'Pray for a teacher or a neighbour.',
        'Pray for people far away who do not have enough food.',
      ],
    },
  },
  {
    slug: 'lectio-divina-reflection-sheet',
    title: 'Lectio Divina Reflection Sheet',
    description:
      'A one-page guide to praying slowly with Scripture: read, reflect, respond and rest, with space for notes.',
    category: 'engagement-reflection',
    ageRange: '13+',
    scriptureRef: 'Psalm 46:10',
    tags: ['Prayer', 'Scripture Reading'],
    pdf: {
      kind: 'journal',
      points: [
        'Read: which word or phrase stands out?',
        'Reflect: why might God draw my attention to it?',
        'Respond: what do I want to say to God?',
        'Rest: be still and know.',
      ],
    },
  },
  {
    slug: 'names-of-god-devotional',
    title: 'Names of God Devotional',
    description:
      'Twelve days with the names of God, from El Shaddai to Emmanuel, each with a reading, a reflection and a prayer.',
    category: 'engagement-reflection',
    ageRange: '8-12',
    scriptureRef: 'Exodus 3:13-15',
    tags: ['Devotional', 'Names of God'],
    art: 'star',
    pdf: {
      kind: 'journal',
      points: [
        'Elohim: the Creator',
        'El Shaddai: God Almighty',
        'Jehovah Jireh: the Lord provides',
        'Emmanuel: God with us',
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
      points: [
        'Today’s Bible story was about…',
        'I heard the word … times!',
        'Draw your favourite part.',
        'This week I can…',
      ],
    },
  },
  // Games & Puzzles
  {
    slug: 'books-of-the-bible-word-search',
    title: 'Books of the Bible Word Search',
    description:
      'A blank 10 by 10 grid and how to play: hide books of the Bible for each other, then race to find them.',
    category: 'games-puzzles',
    ageRange: '8-12',
    scriptureRef: '2 Timothy 3:16',
    tags: ['Word Search', 'Bible Books'],
    featured: true,
    pdf: {
      kind: 'game',
      points: [
        'Find the five books of Moses first.',
        'Cross off each book as you find it.',
        'Unused letters spell a hidden message.',
      ],
    },
  },
  {
    slug: 'exodus-maze-adventure',
    title: 'Exodus Maze Adventure',
    description:
      'Lead the people of Israel from Egypt through the Red Sea to the mountain of God in this winding maze.',
    category: 'games-puzzles',
    ageRange: '6-9',
    scriptureRef: 'Exodus 14',
    tags: ['Mazes', 'Old Testament', 'Moses'],
    art: 'ark',
    pdf: {
      kind: 'game',
      points: [
        'Start at the palace of Pharaoh.',
        'Cross where the sea parts.',
        'Find the pillar of cloud to reach the mountain.',
      ],
    },
  },
  {
    slug: 'disciples-crossword',
    title: 'Twelve Disciples Crossword',
    description:
      'Clues about the men Jesus called to follow him, and a grid to build your own crossword from their names.',
    category: 'games-puzzles',
    ageRange: '8-12',
    scriptureRef: 'Luke 6:12-16',
    tags: ['Crossword', 'Disciples'],
    pdf: {
      kind: 'game',
      points: [
        '1 across: the fisherman Jesus called the rock',
        '4 down: the tax collector',
        '7 across: the doubter who later believed',
        '9 down: Peter’s brother',
      ],
    },
  },
  {
    slug: 'scripture-cipher-challenge',
    title: 'Scripture Cipher Challenge',
    description:
      'Five verses encoded in five classic ciphers, from pigpen to Caesar shift. A taste of our puzzle boxes for curious minds.',
    category: 'games-puzzles',
    ageRange: '13+',
    scriptureRef: 'Proverbs 25:2',
    tags: ['Ciphers', 'Puzzles'],
    pdf: {
      kind: 'game',
      points: [
        'Caesar shift: every letter moves three places.',
        'Pigpen: match the shapes to the grid.',
        'Number code: A is 1, Z is 26.',
        'Reverse: read it in a mirror.',
        'Acrostic: read the first letters down.',
      ],
    },
  },
  {
    slug: 'bible-bingo-family-game',
    title: 'Bible Bingo Family Game',
    description:
      'How to play Bible Bingo as a family, and a blank grid to draw your own cards of people, places and animals from Bible stories.',
    category: 'games-puzzles',
    ageRange: 'All Ages',
    scriptureRef: null,
    tags: ['Family', 'Games'],
    pdf: {
      kind: 'game',
      points: [
        'Give each player a card and a handful of buttons.',
        'The caller reads a clue and a one-line story.',
        'Cover the picture that matches.',
        'Five in a row wins, and tells the story back!',
      ],
    },
  },
  // Seasonal & Special
  {
    slug: 'advent-calendar-readings',
    title: 'Advent Calendar of Readings',
    description: 'A star to colour and hang, with readings for the days of Advent on the way to the manger.',
    category: 'seasonal-special',
    ageRange: 'All Ages',
    scriptureRef: 'Isaiah 9:2-7',
    tags: ['Advent', 'Christmas', 'Family'],
    featured: true,
    art: 'star',
    pdf: {
      kind: 'activity',
      points: [
        'December 1: Isaiah 9:2',
        'December 6: Micah 5:2',
        'December 12: Luke 1:26-38',
        'December 18: Matthew 1:18-25',
        'December 24: Luke 2:1-20',
      ],
    },
  },
  {
    slug: 'easter-resurrection-eggs-guide',
    title: 'Resurrection Eggs Guide',
    description:
      'Twelve eggs, twelve small objects, twelve readings: tell the Easter story from the donkey to the empty tomb.',
    category: 'seasonal-special',
    ageRange: '4-7',
    scriptureRef: 'Matthew 21-28',
    tags: ['Easter', 'Family', 'Jesus'],
    art: 'cross',
    pdf: {
      kind: 'activity',
      points: [
        'Egg 1: a leaf (the palm branches)',
        'Egg 5: a coin (thirty pieces of silver)',
        'Egg 9: a cross (it is finished)',
        'Egg 12: empty (he is risen!)',
      ],
    },
  },
  {
    slug: 'harvest-thanksgiving-placemats',
    title: 'Harvest Thanksgiving Placemats',
    description:
      'Colour-in placemats with a table prayer and a “what are you thankful for?” corner for each guest.',
    category: 'seasonal-special',
    ageRange: 'All Ages',
    scriptureRef: 'Psalm 65:9-13',
    tags: ['Thanksgiving', 'Gratitude', 'Colouring'],
    art: 'loaves',
  },
  {
    slug: 'pentecost-flame-craft',
    title: 'Pentecost Flame Craft',
    description: 'A paper headband of flames and a wind spinner to remember the day the Holy Spirit came.',
    category: 'seasonal-special',
    ageRange: '6-9',
    scriptureRef: 'Acts 2:1-13',
    tags: ['Pentecost', 'Crafts', 'Holy Spirit'],
    art: 'lamp',
    pdf: {
      kind: 'activity',
      points: [
        'Colour the flames red, orange and gold.',
        'Cut out the headband and join it with tape.',
        'Make the wind spinner and blow!',
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
    pdf: { kind: 'journal', points: ['Station 1: in the wilderness'] },
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
    pdf: { kind: 'game', points: ['Puzzle 1: the storm'] },
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
