/** What the API answers for a thing another refers to: its id and its name. */
export interface Ref {
  _id: string
  name: string
}
