// The package names `index.d.ts` in its package.json but ships none (its file is `index.ts.d`).
declare module 'unicode-confusables' {
  /** The text with each confusable character replaced by its prototype (Unicode's confusables.txt) and zero-width characters dropped. */
  export function rectifyConfusion(text: string): string
}
