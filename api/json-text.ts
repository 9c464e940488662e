/**
 * An answer already written as JSON: a kept answer's text (api/read-model/), written once and sent
 * as it is rather than written again on every request. Checked as any answer is.
 */
export class JsonText {
  #bytes?: Buffer
  constructor(readonly text: string) {}
  /** The text as UTF-8, encoded once: a kept answer is sent again and again, and a buffer is sent as it is (no encoding, no length to count). */
  get bytes(): Buffer {
    return (this.#bytes ??= Buffer.from(this.text))
  }
}
