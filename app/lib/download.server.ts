import { EXPORT_CONTENT_TYPE } from '#domain/export'

/** An .xlsx the browser saves under `fileName`: never cached, as it holds the people's data of that moment. */
export const xlsxDownload = (body: Buffer<ArrayBuffer>, fileName: string) =>
  new Response(body, {
    headers: {
      'content-type': EXPORT_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${fileName}"`,
      'content-length': String(body.byteLength),
      'cache-control': 'private, no-store',
    },
  })
