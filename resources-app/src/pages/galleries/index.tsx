import { BIBLE_VERSES_GALLERY, FAITH_GALLERY, NOAHS_ARK_GALLERY } from './gallery-configs'
import { GalleryPage } from './gallery-page'

export { BIBLE_VERSES_GALLERY, FAITH_GALLERY, GalleryPage, NOAHS_ARK_GALLERY }

export const BibleVersesGalleryPage = () => <GalleryPage {...BIBLE_VERSES_GALLERY} />
export const FaithGalleryPage = () => <GalleryPage {...FAITH_GALLERY} />
export const NoahsArkGalleryPage = () => <GalleryPage {...NOAHS_ARK_GALLERY} />
