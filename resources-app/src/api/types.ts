/** Shapes of the public resource-library API (api/src/routes/resources), as the screens read them. */

export type Tag = { name: string }

export type Resource = {
  id: string
  slug: string
  title: string
  description: string
  category_id: string
  category: { name: string; slug: string }
  downloads: number
  published: boolean
  is_featured: boolean
  thumb_url: string | null
  age_range: string | null
  scripture_ref: string | null
  tags: Tag[]
  created_at: string
}

export type ResourceFile = {
  id: string
  resource_id: string
  filename: string
  mime_type: string
  size_bytes: number
  pages: number | null
  created_at: string
  /** Inline, for viewing, printing and embedding. */
  url: string
  /** As an attachment; counts a download. */
  download_url: string
}

export type ResourceDetail = Resource & { files: ResourceFile[] }

export type CategorySummary = {
  id: string
  name: string
  slug: string
  description: string
  resourceCount: number
}

export type CategoryDetail = {
  id: string
  name: string
  slug: string
  description: string
  age_ranges: string[]
}

/** One page of a listing; `has_more` says whether another page follows (no exact total: see docs/decisions/008). */
export type ResourceList = { data: Resource[]; has_more: boolean; page: number; page_size: number }

export type GalleryKey = 'bible-verses' | 'faith-coloring' | 'noahs-ark'

export type GalleryItem = {
  id: string
  slug: string
  title: string
  /** '' when the resource has no thumbnail. */
  thumbnail: string
  file_id: string
  file_url: string
  download_url: string
  filename: string
  mime_type: string
}
