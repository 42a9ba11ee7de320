/** Word lists, clues and verses the seeded puzzles are generated from. Scripture in the KJV. */

export const BIBLE_BOOKS_SEARCH = {
  words: [
    'GENESIS',
    'EXODUS',
    'LEVITICUS',
    'NUMBERS',
    'DEUTERONOMY',
    'JOSHUA',
    'RUTH',
    'PSALMS',
    'PROVERBS',
    'ISAIAH',
    'DANIEL',
    'JONAH',
    'MATTHEW',
    'MARK',
    'LUKE',
    'JOHN',
    'ACTS',
    'ROMANS',
  ],
  size: 14,
  seed: 2026,
}

export const DISCIPLES_CROSSWORD = {
  seed: 12,
  items: [
    { word: 'PETER', clue: 'The fisherman Jesus surnamed the rock (Luke 6:14)' },
    { word: 'ANDREW', clue: 'Simon Peter’s brother, also a fisherman' },
    { word: 'JAMES', clue: 'A son of Zebedee, brother of John' },
    { word: 'JOHN', clue: 'The disciple whom Jesus loved' },
    { word: 'PHILIP', clue: 'He told Nathanael, “Come and see”' },
    { word: 'BARTHOLOMEW', clue: 'Named beside Philip in Luke 6:14' },
    { word: 'MATTHEW', clue: 'The tax collector who left the receipt of custom' },
    { word: 'THOMAS', clue: 'He wanted to see the print of the nails' },
    { word: 'ALPHAEUS', clue: 'Father of the second James (Luke 6:15)' },
    { word: 'ZELOTES', clue: 'The other name of the second Simon (Luke 6:15)' },
    { word: 'ISCARIOT', clue: 'Surname of the Judas who was the traitor' },
  ],
}

/** Bingo words (people, places, animals) with the caller's clue for each. */
export const BINGO_CALLS: { word: string; clue: string }[] = [
  { word: 'Noah', clue: 'He built the ark and took the animals in two by two.' },
  { word: 'Moses', clue: 'He led Israel out of Egypt and through the Red Sea.' },
  { word: 'David', clue: 'A shepherd boy who became king and wrote psalms.' },
  { word: 'Goliath', clue: 'The giant who fell to a stone from a sling.' },
  { word: 'Esther', clue: 'A queen who spoke up to save her people.' },
  { word: 'Ruth', clue: 'She told Naomi, “Thy people shall be my people.”' },
  { word: 'Daniel', clue: 'He prayed three times a day and was kept safe from lions.' },
  { word: 'Jonah', clue: 'He ran from God and spent three days inside a great fish.' },
  { word: 'Mary', clue: 'The mother of Jesus.' },
  { word: 'Joseph', clue: 'Jacob’s son with the coat of many colours.' },
  { word: 'Peter', clue: 'A fisherman who walked on the water towards Jesus.' },
  { word: 'Paul', clue: 'He met Jesus on the road to Damascus and wrote many letters.' },
  { word: 'Zacchaeus', clue: 'A little man who climbed a sycamore tree to see Jesus.' },
  { word: 'Abraham', clue: 'God promised him children as many as the stars.' },
  { word: 'Sarah', clue: 'She laughed, then had a son called Isaac.' },
  { word: 'Bethlehem', clue: 'The little town where Jesus was born.' },
  { word: 'Nazareth', clue: 'The town where Jesus grew up.' },
  { word: 'Jerusalem', clue: 'The city of the temple, where Jesus rode in on a donkey.' },
  { word: 'Egypt', clue: 'The land where Pharaoh ruled.' },
  { word: 'Jericho', clue: 'Its walls fell down after seven days of marching.' },
  { word: 'Galilee', clue: 'The sea where Jesus calmed the storm.' },
  { word: 'Eden', clue: 'The garden God planted for Adam and Eve.' },
  { word: 'Lion', clue: 'Daniel spent a night in a den of these.' },
  { word: 'Lamb', clue: 'John the Baptist called Jesus the ___ of God.' },
  { word: 'Donkey', clue: 'It carried Jesus into Jerusalem (an ass, in the KJV).' },
  { word: 'Camel', clue: 'Easier for one to go through the eye of a needle.' },
  { word: 'Dove', clue: 'Noah sent it out and it came back with an olive leaf.' },
  { word: 'Raven', clue: 'These birds brought Elijah bread and meat.' },
  { word: 'Fish', clue: 'Five loaves and two small ___ fed five thousand.' },
  { word: 'Serpent', clue: 'It spoke to Eve in the garden.' },
]

/** The five verses of the cipher challenge, each with its cipher. */
export const CIPHER_VERSES = [
  {
    cipher: 'caesar',
    ref: 'Proverbs 25:2',
    text: 'It is the glory of God to conceal a thing: but the honour of kings is to search out a matter.',
  },
  {
    cipher: 'number',
    ref: 'Psalm 119:105',
    text: 'Thy word is a lamp unto my feet, and a light unto my path.',
  },
  {
    cipher: 'atbash',
    ref: 'John 1:5',
    text: 'And the light shineth in darkness; and the darkness comprehended it not.',
  },
  {
    cipher: 'reverse',
    ref: 'Jeremiah 33:3',
    text: 'Call unto me, and I will answer thee, and shew thee great and mighty things, which thou knowest not.',
  },
  {
    cipher: 'keyword',
    ref: 'Matthew 7:7',
    text: 'Ask, and it shall be given you; seek, and ye shall find; knock, and it shall be opened unto you.',
  },
] as const

export const CIPHER_KEYWORD = 'LAMP'

export const EXODUS_MAZE = { width: 14, height: 18, seed: 1446, start: 'Egypt', end: 'Mount Sinai' }
export const NET_MAZE = { width: 10, height: 12, seed: 418, start: 'the boat', end: 'the shore' }
