export const RESOURCE_NOT_FOUND = 'Resource Not Found'

export const pagesLabel = (pages: number) => `${pages} ${pages === 1 ? 'page' : 'pages'}`

export const downloadsLabel = (n: number) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? 'download' : 'downloads'}`

export const resourcesLabel = (n: number) => `${n} ${n === 1 ? 'resource' : 'resources'}`

/** How many results are on screen; "more than" while further pages can be loaded. */
export const shownLabel = (n: number, more: boolean) =>
  more ? `More than ${resourcesLabel(n)}` : resourcesLabel(n)

export const collectionsLabel = (n: number) => `${n} colouring ${n === 1 ? 'collection' : 'collections'}`
