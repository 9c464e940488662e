// A profile's addresses, apart from the forms' helpers: the profile's view links to edit mode with this alone.

export const profilePath = (userId: string) => `/users/${encodeURIComponent(userId)}/profile`
export const editPath = (userId: string) => `${profilePath(userId)}?edit=1`
export const isEditing = (url: string) => new URL(url).searchParams.get('edit') === '1'
