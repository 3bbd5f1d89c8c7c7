import { z } from 'zod';
import { idParams } from '../../lib/route-params';

/*
 * A plant's orthophotos (issue 37). The request and answer shapes are shared with the web
 * (packages/domain/src/imagery.ts); the path and query parameters are the server's own.
 */
export {
  CreateImageryLayer,
  ImageryLayer,
  ImageryLayerList,
  MAX_ARCHIVE_BYTES,
  MAX_CHUNK_BYTES,
  OfflineImageryEstimate,
  OfflineImageryQuery,
  UpdateImageryLayer,
} from '@heliotrack/domain/imagery';

export const ImageryLayerParams = idParams('layerId');

export const UploadQuery = z.object({ offset: z.coerce.number().int().min(0) });

export const ImageryTileParams = ImageryLayerParams.extend({
  z: z.coerce.number().int().min(0).max(30),
  x: z.coerce.number().int().min(0),
  y: z.coerce.number().int().min(0),
});
