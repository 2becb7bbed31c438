import {
  type CreateForumThreadInput,
  type ForumPostInput,
  forumRoutes,
  type UpdateForumThreadInput,
} from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';

/** Every write refreshes the list and the open thread: counts, order and replies move together. */
function useForumMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateDomains(queryClient, ['forum']) });
}

export const useCreateForumThread = () =>
  useForumMutation((body: CreateForumThreadInput) => callApi(forumRoutes.createThread, { body }));

export const useUpdateForumThread = () =>
  useForumMutation(({ id, body }: { id: string; body: UpdateForumThreadInput }) =>
    callApi(forumRoutes.updateThread, { params: { id }, body }),
  );

export const useDeleteForumThread = () =>
  useForumMutation((id: string) => callApi(forumRoutes.deleteThread, { params: { id } }));

export const usePinForumThread = () =>
  useForumMutation(({ id, pinned }: { id: string; pinned: boolean }) =>
    callApi(forumRoutes.pinThread, { params: { id }, body: { pinned } }),
  );

export const useReplyToForumThread = () =>
  useForumMutation(({ threadId, body }: { threadId: string; body: ForumPostInput }) =>
    callApi(forumRoutes.reply, { params: { id: threadId }, body }),
  );

export const useUpdateForumPost = () =>
  useForumMutation(({ id, body }: { id: string; body: ForumPostInput }) =>
    callApi(forumRoutes.updatePost, { params: { id }, body }),
  );

export const useDeleteForumPost = () =>
  useForumMutation((id: string) => callApi(forumRoutes.deletePost, { params: { id } }));

/** Like or unlike a thread (no `postId`) or a reply. */
export const useLikeForum = () =>
  useForumMutation(({ threadId, postId, liked }: { threadId: string; postId?: string; liked: boolean }) =>
    postId
      ? callApi(forumRoutes.likePost, { params: { id: postId }, body: { liked } })
      : callApi(forumRoutes.likeThread, { params: { id: threadId }, body: { liked } }),
  );
