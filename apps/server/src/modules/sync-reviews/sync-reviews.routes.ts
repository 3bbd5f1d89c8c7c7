import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paged } from '@heliotrack/domain/pagination';
import { SyncReview, SyncReviewQuery } from '@heliotrack/domain/sync-reviews';
import { IdParam, idParams } from '../../lib/route-params';
import type { SyncReviewsService } from './sync-reviews.service';

export const syncReviewsRoutes: FastifyPluginAsyncZod<{ syncReviews: SyncReviewsService }> = async (app, { syncReviews }) => {
  const tags = ['sync reviews'];
  app.get(
    '/plants/:id/sync-reviews/',
    {
      schema: {
        tags,
        summary: 'Conflicts, late arrivals and refused offline changes (state changes and PPI results) of a plant, newest first (paged; filters kind, subject, ppi, user, element_type, from, to)',
        params: IdParam,
        querystring: SyncReviewQuery,
        response: { 200: paged(SyncReview) },
      },
    },
    (req) => syncReviews.list(req.user, req.params.id, req.query, req.url),
  );
  app.post(
    '/plants/:id/sync-reviews/:reviewId/resolve/',
    {
      schema: {
        tags,
        summary: 'Mark a sync review resolved (idempotent)',
        params: idParams('reviewId'),
        response: { 200: SyncReview },
      },
    },
    (req) => syncReviews.resolve(req.user, req.params.id, req.params.reviewId),
  );
};
