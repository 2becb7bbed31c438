import type { ConversationList, MessageList } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoMessages(world: DemoWorld) {
  const as = async (local: string) => (url: string) => world.get(local, url);

  describe('demo messages', () => {
    it('shows Léa an unread message from Julien with a PDF she can open', async () => {
      const lea = await as('lea.martin');
      expect((await lea('/api/messages/unread-count')).json()).toEqual({ count: 1 });
      const list = (await lea('/api/messages/conversations')).json() as ConversationList;
      expect(list.items).toHaveLength(1);
      expect(list.items[0]).toMatchObject({
        participant: { fullName: 'Julien Moreau', role: 'trainer' },
        unreadCount: 1,
        lastMessage: { hasAttachment: true, isMine: false },
      });
      const thread = (
        await lea(`/api/messages/conversations/${list.items[0]!.id}/messages`)
      ).json() as MessageList;
      const file = thread.items.at(-1)!.file!;
      expect(file.name).toBe('fiche-formules-excel.pdf');
      const download = await lea(file.url);
      expect(download.statusCode).toBe(200);
      expect(download.body.startsWith('%PDF-')).toBe(true);
      // Sophie, another trainer of the organisation, is not part of that conversation.
      const sophie = await as('sophie.lambert');
      expect((await sophie(file.url)).statusCode).toBe(404);
    });

    it("gives Julien Hugo's question to answer", async () => {
      const julien = await as('julien.moreau');
      expect((await julien('/api/messages/unread-count')).json()).toEqual({ count: 1 });
      const list = (await julien('/api/messages/conversations')).json() as ConversationList;
      expect(list.items.map((item) => [item.participant.fullName, item.unreadCount])).toEqual([
        ['Léa Martin', 0],
        ['Hugo Bernard', 1],
      ]);
    });
  });
}
