import {
  FREE_SHIPPING_THRESHOLD_CENTS,
  formatMoneyShort,
  SATISFACTION_WINDOW_DAYS,
  STANDARD_DELIVERY,
} from '@lamplight/contracts'
/** The twelve questions of the FAQ page, with answers stating the spec's facts (section 9). */
export const FAQS: readonly { id: string; question: string; answer: string }[] = [
  {
    id: 'how-long',
    question: 'How long does an experience take?',
    answer:
      'Most experiences take 2-4 hours from breaking the seal to reading the final message. There is no timer: close the lid whenever you like and pick up where you left off another evening.',
  },
  {
    id: 'ages',
    question: 'What ages are the experiences designed for?',
    answer:
      'Our puzzles are designed for ages 13+. Younger children love joining in alongside an adult, especially with the hands-on pieces, and plenty of grandparents have out-solved their grandchildren.',
  },
  {
    id: 'bible-knowledge',
    question: 'Do I need to know the Bible well to play?',
    answer:
      'Not at all. Everything you need is in the box, including the passages the puzzles draw on. Seasoned Bible readers will spot extra layers, and first-time readers often find the story comes alive in a new way.',
  },
  {
    id: 'group-size',
    question: 'Can I play alone, or is it better with a group?',
    answer:
      'Both work. Solo solvers enjoy the quiet focus, while families, friends and small groups split the clues between them and compare notes. Many of our customers bring a box to a youth night or Bible study.',
  },
  {
    id: 'stuck',
    question: 'What happens if we get stuck?',
    answer:
      'Every experience includes hints that reveal a little at a time, so you get a nudge rather than the answer. Experiences with an online portal, like The Scroll of Antioch, offer up to three hints per puzzle there too.',
  },
  {
    id: 'denomination',
    question: 'Are the experiences tied to a particular church or denomination?',
    answer:
      'No. Our stories stay close to the text of Scripture and the historic Christian faith, and are written to welcome believers from every tradition as well as anyone who is simply curious.',
  },
  {
    id: 'shipping-cost',
    question: 'How much does shipping cost?',
    answer: `Shipping is free on every order over ${formatMoneyShort(FREE_SHIPPING_THRESHOLD_CENTS)} within the US, and you will always see the shipping cost at checkout before you pay anything.`,
  },
  {
    id: 'delivery-time',
    question: 'How long will my order take to arrive?',
    answer: `Standard delivery takes ${STANDARD_DELIVERY}. If your box has not arrived after that, write to us and we will track it down for you.`,
  },
  {
    id: 'satisfaction',
    question: 'What if I am not satisfied with my experience?',
    answer: `We want every box to be a blessing. If it is not, contact us within ${SATISFACTION_WINDOW_DAYS} days of delivery and we will make it right with a replacement or a refund.`,
  },
  {
    id: 'bulk',
    question: 'Do you offer pricing for churches, schools and groups?',
    answer:
      'Yes. Groups ordering 10 or more boxes receive bulk pricing, which is perfect for youth groups, retreats, classrooms and small-group studies. Send us a message with your group size and we will put together a quote.',
  },
  {
    id: 'new-experiences',
    question: 'How often do you release new experiences?',
    answer:
      'We release new experiences monthly. Subscribers receive them automatically, and everyone else can find them in the shop as soon as they launch.',
  },
  {
    id: 'gifts',
    question: 'Can I give an experience as a gift?',
    answer:
      'Absolutely, a puzzle box makes a memorable gift for birthdays, Easter, Christmas and confirmations. Ship it straight to the recipient from checkout. Gift cards of $25, $50 and $100 are in the shop too.',
  },
]
