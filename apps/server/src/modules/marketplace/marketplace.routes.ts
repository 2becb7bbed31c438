import { marketplaceRoutes } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { MarketplaceService } from './marketplace.service.ts';

const tags = ['marketplace'];

export async function marketplaceRoutesPlugin(
  app: FastifyInstance,
  options: { marketplace: MarketplaceService },
) {
  const { marketplace } = options;
  const staff = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['trainer']);

  route(
    app,
    marketplaceRoutes.list,
    (request, _reply, { query }) => marketplace.list(staff(request), query),
    {
      tags,
    },
  );
  route(
    app,
    marketplaceRoutes.preview,
    (request, _reply, { params }) => marketplace.preview(staff(request), params.id),
    { tags },
  );
  route(
    app,
    marketplaceRoutes.share,
    async (request, _reply, { body }) => {
      const user = staff(request);
      const listing = await marketplace.share(user, body);
      request.log.info(
        { event: 'marketplace.share', by: user.id, listingId: listing.id, publisher: listing.publisher },
        'formation shared on the marketplace',
      );
      return listing;
    },
    { tags },
  );
  route(
    app,
    marketplaceRoutes.unshare,
    async (request, _reply, { params }) => {
      const user = staff(request);
      await marketplace.unshare(user, params.id);
      request.log.info(
        { event: 'marketplace.unshare', by: user.id, listingId: params.id },
        'listing removed',
      );
      return { ok: true as const };
    },
    { tags },
  );
  route(
    app,
    marketplaceRoutes.import,
    async (request, _reply, { params }) => {
      const user = staff(request);
      const result = await marketplace.importListing(user, params.id);
      request.log.info(
        { event: 'marketplace.import', by: user.id, listingId: params.id, courseId: result.courseId },
        'template imported',
      );
      return result;
    },
    { tags },
  );
}
