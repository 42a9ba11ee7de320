import type { ArtSubject } from '../art'

/** Longer copy for the seeded printables. Scripture quoted from the KJV. */

export const CREATION_DAYS: {
  day: number
  title: string
  subject: ArtSubject
  verse: string
  ref: string
  talk: string
}[] = [
  {
    day: 1,
    title: 'Light',
    subject: 'day1',
    verse: 'And God said, Let there be light: and there was light.',
    ref: 'Genesis 1:3',
    talk: 'Before anything else, God made light. Turn off the lamp, then on again: what changes? Colour the sun shining into the dark.',
  },
  {
    day: 2,
    title: 'Sky and sea',
    subject: 'day2',
    verse: 'And God called the firmament Heaven. And the evening and the morning were the second day.',
    ref: 'Genesis 1:8',
    talk: 'God put the sky above and the waters below. Look out of the window: what is in the sky today? Colour the clouds and the waves.',
  },
  {
    day: 3,
    title: 'Land and plants',
    subject: 'day3',
    verse:
      'And the earth brought forth grass, and herb yielding seed after his kind, and the tree yielding fruit',
    ref: 'Genesis 1:12',
    talk: 'God gathered the seas and made dry land, then filled it with grass, flowers and fruit trees. What is your favourite fruit?',
  },
  {
    day: 4,
    title: 'Sun, moon and stars',
    subject: 'day4',
    verse:
      'And God made two great lights; the greater light to rule the day, and the lesser light to rule the night: he made the stars also.',
    ref: 'Genesis 1:16',
    talk: 'God made the sun for the day and the moon and stars for the night. Can you count the stars on your page?',
  },
  {
    day: 5,
    title: 'Birds and fish',
    subject: 'day5',
    verse:
      'And God created great whales, and every living creature that moveth, which the waters brought forth abundantly, and every winged fowl after his kind',
    ref: 'Genesis 1:21',
    talk: 'God filled the sea with fish and the sky with birds. Which would you like to be, and why?',
  },
  {
    day: 6,
    title: 'Animals and people',
    subject: 'day6',
    verse:
      'So God created man in his own image, in the image of God created he him; male and female created he them.',
    ref: 'Genesis 1:27',
    talk: 'God made the animals, and then he made people like us, to know him and care for his world. Draw yourself beside the animals on your page.',
  },
  {
    day: 7,
    title: 'Rest',
    subject: 'day7',
    verse:
      'And God blessed the seventh day, and sanctified it: because that in it he had rested from all his work',
    ref: 'Genesis 2:3',
    talk: 'God finished his work and rested, and he gives us a day to rest too. What do you like to do on a day of rest?',
  },
]

export const TEN_COMMANDMENTS = [
  {
    text: 'Thou shalt have no other gods before me.',
    ref: 'Exodus 20:3',
    simple: 'Love God first, more than anything.',
    question: 'What things can we be tempted to love more than God?',
    sign: 'hold up one finger, then point up.',
  },
  {
    text: 'Thou shalt not make unto thee any graven image.',
    ref: 'Exodus 20:4',
    simple: 'Worship only the real God, not things made by people.',
    question: 'Why can no statue or picture show all of who God is?',
    sign: 'shape a small statue with both hands, then shake your head.',
  },
  {
    text: 'Thou shalt not take the name of the LORD thy God in vain.',
    ref: 'Exodus 20:7',
    simple: 'Say God’s name with love and respect.',
    question: 'How can we use God’s name in a good way?',
    sign: 'touch your lips, then place your hand on your heart.',
  },
  {
    text: 'Remember the sabbath day, to keep it holy.',
    ref: 'Exodus 20:8',
    simple: 'Keep a day to rest and worship God.',
    question: 'What helps your family rest and remember God each week?',
    sign: 'rest your head on your hands as if asleep.',
  },
  {
    text: 'Honour thy father and thy mother.',
    ref: 'Exodus 20:12',
    simple: 'Respect and obey your parents.',
    question: 'What is one way you can honour your parents today?',
    sign: 'bow your head a little with a hand on your heart.',
  },
  {
    text: 'Thou shalt not kill.',
    ref: 'Exodus 20:13',
    simple: 'Every life is precious to God: protect it.',
    question: 'How can our words and actions protect other people?',
    sign: 'cradle your arms as if holding a baby.',
  },
  {
    text: 'Thou shalt not commit adultery.',
    ref: 'Exodus 20:14',
    simple: 'Husbands and wives keep their promises to each other.',
    question: 'Why does God care so much about keeping promises?',
    sign: 'link your two little fingers together.',
  },
  {
    text: 'Thou shalt not steal.',
    ref: 'Exodus 20:15',
    simple: 'Do not take what belongs to someone else.',
    question: 'What should you do if you find something that is not yours?',
    sign: 'pull your hand back and hold it closed.',
  },
  {
    text: 'Thou shalt not bear false witness against thy neighbour.',
    ref: 'Exodus 20:16',
    simple: 'Always tell the truth about other people.',
    question: 'Why is it sometimes hard to tell the truth?',
    sign: 'point from your mouth straight forward.',
  },
  {
    text: 'Thou shalt not covet.',
    ref: 'Exodus 20:17',
    simple: 'Be thankful for what you have instead of wanting what others have.',
    question: 'What are three things you are thankful for right now?',
    sign: 'hug yourself with both arms.',
  },
]

export const FRUIT_LESSONS = [
  {
    name: 'Love',
    story: 'the good Samaritan (Luke 10:30-37).',
    taste: 'strawberries, cut to show their heart shape.',
    challenge: 'help someone who cannot pay you back.',
  },
  {
    name: 'Joy',
    story: 'the shepherds at the manger (Luke 2:8-20).',
    taste: 'sweet orange segments to share.',
    challenge: 'tell three people some good news today.',
  },
  {
    name: 'Peace',
    story: 'Jesus calms the storm (Mark 4:35-41).',
    taste: 'a slice of cool melon.',
    challenge: 'make peace with someone you argued with.',
  },
  {
    name: 'Longsuffering (patience)',
    story: 'Abraham and Sarah wait for Isaac (Genesis 21:1-7).',
    taste: 'a banana you had to wait to ripen.',
    challenge: 'let someone else go first all day.',
  },
  {
    name: 'Gentleness (kindness)',
    story: 'David and Mephibosheth (2 Samuel 9).',
    taste: 'grapes, shared one by one.',
    challenge: 'write a kind note to a classmate.',
  },
  {
    name: 'Goodness',
    story: 'Joseph forgives his brothers (Genesis 45:1-15).',
    taste: 'a crisp apple, shared in slices.',
    challenge: 'do a job at home before you are asked.',
  },
  {
    name: 'Faith (faithfulness)',
    story: 'Ruth stays with Naomi (Ruth 1:16-17).',
    taste: 'a date, the fruit of the faithful palm.',
    challenge: 'keep a promise you made this week.',
  },
  {
    name: 'Meekness (gentleness)',
    story: 'Jesus blesses the children (Mark 10:13-16).',
    taste: 'a soft, ripe peach.',
    challenge: 'speak softly when you want to shout.',
  },
  {
    name: 'Temperance (self-control)',
    story: 'Daniel and the king’s food (Daniel 1:8-16).',
    taste: 'one blueberry at a time, slowly.',
    challenge: 'wait ten seconds before you answer back.',
  },
]

export const TEEN_PSALMS = [
  {
    ref: 'Psalm 13',
    theme: 'When God feels far away',
    verse: 'How long wilt thou forget me, O LORD? for ever? how long wilt thou hide thy face from me?',
    verseRef: 'Psalm 13:1',
    questions: [
      'David asks “how long?” four times. When have you felt like that?',
      'Is it all right to complain to God? What does this psalm suggest?',
      'What changes between verse 1 and verses 5-6?',
    ],
    prayer: 'Lord, when you feel far away, teach me to keep talking to you.',
  },
  {
    ref: 'Psalm 23',
    theme: 'The Shepherd who walks with us',
    verse:
      'Yea, though I walk through the valley of the shadow of death, I will fear no evil: for thou art with me',
    verseRef: 'Psalm 23:4',
    questions: [
      'The shepherd does not remove the dark valley. What does he do instead?',
      'Which line of this psalm do you most need this week?',
      'What might “green pastures” look like in your life?',
    ],
    prayer: 'Good Shepherd, walk with me through whatever valley comes.',
  },
  {
    ref: 'Psalm 42',
    theme: 'Thirsty for God',
    verse: 'As the hart panteth after the water brooks, so panteth my soul after thee, O God.',
    verseRef: 'Psalm 42:1',
    questions: [
      'The writer talks to his own soul (verse 5). What do you tell yourself when you are down?',
      'What are you thirsty for right now?',
      'How does remembering help the writer (verse 4)?',
    ],
    prayer: 'God, when I am thirsty, let me come to you first.',
  },
  {
    ref: 'Psalm 51',
    theme: 'Starting again',
    verse: 'Create in me a clean heart, O God; and renew a right spirit within me.',
    verseRef: 'Psalm 51:10',
    questions: [
      'This psalm came after David’s worst failure. Why is that encouraging?',
      'What is the difference between feeling guilty and being forgiven?',
      'Who might you need to make things right with?',
    ],
    prayer: 'Create in me a clean heart, O God, and give me a fresh start.',
  },
  {
    ref: 'Psalm 100',
    theme: 'Shout for joy',
    verse: 'Make a joyful noise unto the LORD, all ye lands.',
    verseRef: 'Psalm 100:1',
    questions: [
      'What reasons for joy does the psalm give in verses 3 and 5?',
      'Is joy the same as being happy? Why or why not?',
      'How could your group make a “joyful noise” this week?',
    ],
    prayer: 'Lord, thank you that your mercy is everlasting. Give me joy in you.',
  },
  {
    ref: 'Psalm 139',
    theme: 'Known and loved',
    verse: 'I will praise thee; for I am fearfully and wonderfully made',
    verseRef: 'Psalm 139:14',
    questions: [
      'How does it feel to be completely known?',
      'Which part of yourself do you find hardest to see as “wonderfully made”?',
      'What do verses 7-12 say about where God is?',
    ],
    prayer: 'Search me, O God, and know my heart, and lead me in the way everlasting.',
  },
]

export const GRATITUDE_PROMPTS = [
  'Today I noticed…',
  'Someone who showed me kindness',
  'A verse that stayed with me',
  'Something small that made me smile',
  'A place I love to be',
  'A meal I am thankful for',
  'Something I learned this week',
  'A friend I am grateful for, and why',
  'A prayer God answered',
  'Something in nature I saw today',
  'A song that lifts my heart',
  'A hard thing that taught me something',
  'Someone at church I am thankful for',
  'A gift I did not expect',
  'A memory from when I was little',
  'Something about my home',
  'A skill God has given me',
  'A teacher who helped me',
  'Today’s weather, and what was good in it',
  'A book or story I love',
  'Someone who makes me laugh',
  'A way my body serves me well',
  'Something I can do today that I could not do a year ago',
  'A time I felt close to God',
  'Someone I forgave, or who forgave me',
  'Something I often take for granted',
  'A promise of God I hold on to',
  'A way I can thank someone this week',
  'The best moment of this month',
  'What I want to keep thanking God for',
]

export const PRAYER_JAR_PROMPTS = [
  'Pray for someone who is ill.',
  'Thank God for our home.',
  'Pray for a teacher or a neighbour.',
  'Pray for people far away who do not have enough food.',
  'Thank God for one thing that happened today.',
  'Pray for our church leaders.',
  'Pray for a friend who does not know Jesus yet.',
  'Thank God for someone in our family.',
  'Pray for people who are lonely.',
  'Pray for doctors and nurses.',
  'Pray for children in hospital.',
  'Thank God for the food on our table.',
  'Pray for our country’s leaders.',
  'Pray for someone who is sad.',
  'Say sorry to God for something, and thank him for forgiving.',
  'Pray for missionaries far from home.',
  'Thank God for the beauty of creation.',
  'Pray for people who have lost their homes.',
  'Pray for a grandparent or an older friend.',
  'Pray for people who are afraid.',
  'Thank God for Jesus.',
  'Pray for someone who is hard to love.',
  'Pray for farmers and everyone who grows our food.',
  'Pray for children who have no family.',
  'Thank God for a friend.',
  'Pray for peace where there is war.',
  'Pray for someone starting something new.',
  'Pray for firefighters, police and rescuers.',
  'Thank God for his word, the Bible.',
  'Pray for people who are looking for work.',
  'Pray for our school or our workplace.',
  'Pray for someone having a birthday soon.',
  'Thank God for rest and sleep.',
  'Pray for a family that is going through a hard time.',
  'Pray for people who are in prison.',
  'Thank God for music and laughter.',
  'Pray for someone who is travelling.',
  'Pray for new babies and their parents.',
  'Pray that we would be kind tomorrow.',
  'Thank God for answering our prayers.',
]

export const NAMES_OF_GOD = [
  {
    name: 'Elohim',
    meaning: 'God the Creator',
    ref: 'Genesis 1:1',
    reflection:
      'The Bible’s first name for God shows him as the maker of everything. Nothing exists that he did not make.',
    prayer: 'Creator God, thank you for making the world, and me.',
  },
  {
    name: 'El Shaddai',
    meaning: 'God Almighty',
    ref: 'Genesis 17:1',
    reflection: 'God told Abraham, “I am the Almighty God.” Nothing is too hard for him.',
    prayer: 'Almighty God, help me trust you with what feels too big for me.',
  },
  {
    name: 'El Elyon',
    meaning: 'the most high God',
    ref: 'Genesis 14:18-20',
    reflection:
      'Melchizedek blessed Abraham by the most high God, possessor of heaven and earth. God is above every power.',
    prayer: 'Most High God, you are over everything that worries me.',
  },
  {
    name: 'El Roi',
    meaning: 'the God who sees',
    ref: 'Genesis 16:13',
    reflection: 'Hagar, alone in the desert, said “Thou God seest me.” No one is invisible to him.',
    prayer: 'God who sees, thank you that you see me when I feel alone.',
  },
  {
    name: 'Jehovah Jireh',
    meaning: 'the Lord will provide',
    ref: 'Genesis 22:14',
    reflection: 'On the mountain, God provided a ram in Isaac’s place. He gives what we truly need.',
    prayer: 'Lord who provides, thank you for everything I need today.',
  },
  {
    name: 'Jehovah Rapha',
    meaning: 'the Lord that healeth',
    ref: 'Exodus 15:26',
    reflection: 'God made the bitter water sweet and promised to heal his people.',
    prayer: 'Lord who heals, I pray for someone who is hurting.',
  },
  {
    name: 'Jehovah Nissi',
    meaning: 'the Lord my banner',
    ref: 'Exodus 17:15',
    reflection: 'Moses built an altar and named it for the God who fought for Israel. He goes before us.',
    prayer: 'Lord my banner, go before me into this week.',
  },
  {
    name: 'Jehovah Shalom',
    meaning: 'the Lord is peace',
    ref: 'Judges 6:24',
    reflection: 'Frightened Gideon heard “Peace be unto thee” and built an altar with this name.',
    prayer: 'Lord of peace, calm my heart when I am afraid.',
  },
  {
    name: 'Jehovah Raah',
    meaning: 'the Lord my shepherd',
    ref: 'Psalm 23:1',
    reflection: 'The LORD is my shepherd; I shall not want. He leads, feeds and protects his sheep.',
    prayer: 'Shepherd Lord, lead me in the right paths.',
  },
  {
    name: 'Jehovah Tsidkenu',
    meaning: 'the Lord our righteousness',
    ref: 'Jeremiah 23:6',
    reflection:
      'God promised a King whose name would be The LORD Our Righteousness: he makes us right with God.',
    prayer: 'Lord, thank you that you make me right with you.',
  },
  {
    name: 'Jehovah Shammah',
    meaning: 'the Lord is there',
    ref: 'Ezekiel 48:35',
    reflection:
      'Ezekiel saw a city whose name was “The LORD is there.” Wherever we go, God is already there.',
    prayer: 'Lord, thank you that you are with me everywhere I go.',
  },
  {
    name: 'Emmanuel',
    meaning: 'God with us',
    ref: 'Matthew 1:23',
    reflection: 'In Jesus, God came to live among us. He knows our life from the inside.',
    prayer: 'Jesus, Emmanuel, thank you for coming to be with us.',
  },
]

export const ADVENT_READINGS = [
  'Isaiah 9:2, 6-7',
  'Isaiah 11:1-5',
  'Isaiah 40:1-5',
  'Micah 5:2',
  'Isaiah 7:14',
  'Genesis 3:15',
  'Genesis 12:1-3',
  '2 Samuel 7:12-16',
  'Jeremiah 33:14-16',
  'Malachi 3:1',
  'Luke 1:5-17',
  'Luke 1:18-25',
  'Luke 1:26-33',
  'Luke 1:34-38',
  'Luke 1:39-45',
  'Luke 1:46-55',
  'Luke 1:57-66',
  'Luke 1:67-79',
  'Matthew 1:18-21',
  'Matthew 1:22-25',
  'Luke 2:1-5',
  'Luke 2:6-7',
  'Luke 2:8-14',
  'Luke 2:15-20',
]

export const RESURRECTION_EGGS = [
  {
    object: 'a small leaf',
    ref: 'Matthew 21:1-11',
    meaning: 'The crowd spread branches as Jesus rode into Jerusalem.',
  },
  {
    object: 'a coin',
    ref: 'Matthew 26:14-16',
    meaning: 'Judas agreed to betray Jesus for thirty pieces of silver.',
  },
  {
    object: 'a piece of cracker',
    ref: 'Matthew 26:26-29',
    meaning: 'At the last supper Jesus broke bread with his friends.',
  },
  {
    object: 'a praying figure or a folded paper',
    ref: 'Matthew 26:36-46',
    meaning: 'Jesus prayed in the garden of Gethsemane.',
  },
  { object: 'a piece of rope', ref: 'Matthew 27:1-2', meaning: 'Jesus was bound and led to Pilate.' },
  {
    object: 'a scrap of purple cloth',
    ref: 'Matthew 27:27-31',
    meaning: 'The soldiers put a purple robe on Jesus and mocked him.',
  },
  { object: 'a thorny twig', ref: 'Matthew 27:29', meaning: 'They pressed a crown of thorns on his head.' },
  {
    object: 'a small cross',
    ref: 'Matthew 27:32-44',
    meaning: 'Jesus carried the cross and was crucified for us.',
  },
  { object: 'a die (dice)', ref: 'Matthew 27:35', meaning: 'The soldiers cast lots for his clothes.' },
  {
    object: 'a piece of sponge',
    ref: 'Matthew 27:45-50',
    meaning: 'They offered him vinegar on a sponge before he died.',
  },
  {
    object: 'a stone',
    ref: 'Matthew 27:57-66',
    meaning: 'Jesus was buried and a great stone was rolled to the door.',
  },
  {
    object: 'nothing: it is empty!',
    ref: 'Matthew 28:1-10',
    meaning: '“He is not here: for he is risen, as he said.”',
  },
]
