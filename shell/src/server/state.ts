/** The id of the JSON script that carries a server-rendered page's data (TanStack Query dehydrated). */
export const SERVER_STATE_ID = 'lamplight-state'
