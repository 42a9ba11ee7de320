// The three galleries' settings, apart from the page component: the server render's
// prefetch reads them without pulling the gallery page (and its Radix Dialog) into the
// remote's first chunk.
export const BIBLE_VERSES_GALLERY = {
  gallery: 'bible-verses',
  path: '/kids-activities-colouring/bible-verses',
  title: 'Bible Verses Colouring Pages',
  intro:
    'Well-loved verses in big, friendly letters, framed with flowers, stars and doves. Colour them while you learn them by heart, then hang them where the whole family can see.',
  empty: 'No Bible verses colouring pages found.',
} as const

export const FAITH_GALLERY = {
  gallery: 'faith-coloring',
  path: '/kids-activities-colouring/faith-coloring-pages',
  title: 'Faith Coloring Pages',
  intro:
    'A cross at sunrise, a heart of love, the dove of peace, the Lamb of God and the Lion of Judah, ready for crayons at home, in Sunday school or in the classroom.',
  empty: 'No faith coloring pages found.',
} as const

export const NOAHS_ARK_GALLERY = {
  gallery: 'noahs-ark',
  path: '/kids-activities-colouring/noahs-ark-coloring-pages',
  title: "Noah's Ark Coloring Pages",
  intro:
    'The ark, the animals two by two, the dove and the rainbow of God’s promise. Pick a page to see it large, then download or print it.',
  empty: "No Noah's Ark coloring pages found.",
} as const
