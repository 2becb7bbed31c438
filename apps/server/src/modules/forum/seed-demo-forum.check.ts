import type { ForumThreadDetail, ForumThreadList } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoForum(world: DemoWorld) {
  const get = (local: string, url: string) => world.get(local, url);

  describe('demo forum', () => {
    it('shows the demo trainer a pinned thread first, replies, likes and a mention of them', async () => {
      const list = (await (await get('julien.moreau', '/api/forum/threads')).json()) as ForumThreadList;
      expect(list.total).toBe(3);
      expect(list.items[0]).toMatchObject({ pinned: true, likeCount: 2 });
      const followUp = list.items.find((item) => item.title.startsWith('Chloé'))!;
      expect(followUp).toMatchObject({ replyCount: 2, participantCount: 2 });
      const detail = (await (
        await get('julien.moreau', `/api/forum/threads/${followUp.id}`)
      ).json()) as ForumThreadDetail;
      const mentioning = detail.posts.find((post) => post.mentions.length > 0)!;
      expect(mentioning.mentions.map((person) => person.fullName)).toEqual(['Julien Moreau']);
      expect(mentioning.body).toContain('@Julien Moreau');
    });

    it('keeps the forum from the demo learners', async () => {
      expect((await get('lea.martin', '/api/forum/threads')).statusCode).toBe(403);
    });
  });
}
