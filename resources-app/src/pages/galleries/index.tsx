import { GalleryPage } from './gallery-page'

export { GalleryPage }

export const BIBLE_VERSES_GALLERY = {
  gallery: 'bible-verses',
  title: 'Bible Verses Colouring Pages',
  intro:
    'Well-loved verses in big, friendly letters, framed with flowers, stars and doves. Colour them while you learn them by heart, then hang them where the whole family can see.',
  empty: 'No Bible verses colouring pages found.',
} as const

export const FAITH_GALLERY = {
  gallery: 'faith-coloring',
  title: 'Faith Coloring Pages',
  intro:
    'A cross at sunrise, a heart of love, the dove of peace, the Lamb of God and the Lion of Judah, ready for crayons at home, in Sunday school or in the classroom.',
  empty: 'No faith coloring pages found.',
} as const

export const NOAHS_ARK_GALLERY = {
  gallery: 'noahs-ark',
  title: "Noah's Ark Coloring Pages",
  intro:
    'The ark, the animals two by two, the dove and the rainbow of God’s promise. Pick a page to see it large, then download or print it.',
  empty: "No Noah's Ark coloring pages found.",
} as const

export const BibleVersesGalleryPage = () => <GalleryPage {...BIBLE_VERSES_GALLERY} />
export const FaithGalleryPage = () => <GalleryPage {...FAITH_GALLERY} />
export const NoahsArkGalleryPage = () => <GalleryPage {...NOAHS_ARK_GALLERY} />
