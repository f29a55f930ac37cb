import type { MediaReference } from '@toolcall/pipeline';
import type { SessionMediaSink } from '@toolcall/tools';

/** Media of a result as Emacs gets it: the session's id, the type and the bytes in base64. */
export interface DeliveredMedia {
  id: string;
  mimeType: string;
  data: string;
}

/** The media `references` name, read back from the session's sink (one gone meanwhile is left out). */
export async function deliverMedia(
  sink: SessionMediaSink,
  references: readonly MediaReference[],
): Promise<DeliveredMedia[]> {
  const delivered = await Promise.all(
    references.map(async ({ id, mimeType }) => {
      const bytes = await sink.read(id);
      return bytes === undefined
        ? []
        : [{ id, mimeType, data: Buffer.from(bytes).toString('base64') }];
    }),
  );
  return delivered.flat();
}
