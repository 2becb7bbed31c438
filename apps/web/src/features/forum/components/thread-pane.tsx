import {
  FORUM_BODY_MAX,
  FORUM_TITLE_MAX,
  type ForumPerson,
  type ForumPost,
  type ForumThread,
} from '@cursus/contracts';
import { Heart, Pin, PinOff } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useForumThread } from '../api/get-forum-thread';
import { useViewForumThread } from '../api/view-forum-thread';
import {
  useDeleteForumPost,
  useDeleteForumThread,
  useLikeForum,
  usePinForumThread,
  useReplyToForumThread,
  useUpdateForumPost,
  useUpdateForumThread,
} from '../api/write-forum';
import { mentionsIn } from '../lib/mentions';
import { ForumBody } from './forum-body';
import { formatForumDate } from './forum-labels';
import { MentionTextarea } from './mention-textarea';
import { PostEditor } from './post-editor';

function LikeButton({
  liked,
  count,
  label,
  onToggle,
  isPending,
}: {
  liked: boolean;
  count: number;
  label: string;
  onToggle: () => void;
  isPending: boolean;
}) {
  const { t } = useTranslation('forum');
  return (
    <Button variant="ghost" size="sm" aria-pressed={liked} disabled={isPending} onClick={onToggle}>
      <Heart aria-hidden="true" className={liked ? 'size-4 fill-current text-danger' : 'size-4'} />
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{t('thread.likes', { count, target: label })}</span>
    </Button>
  );
}

function Byline({ post }: { post: Pick<ForumPost, 'author' | 'createdAt' | 'editedAt'> }) {
  const { t } = useTranslation('forum');
  return (
    <p className="text-xs text-muted-foreground">
      {t('thread.byline', { name: post.author.fullName, date: formatForumDate(post.createdAt) })}
      {post.editedAt && ` · ${t('thread.edited')}`}
    </p>
  );
}

function ThreadEditor({
  thread,
  people,
  onDone,
}: {
  thread: ForumThread;
  people: readonly ForumPerson[];
  onDone: () => void;
}) {
  const { t } = useTranslation('forum');
  const update = useUpdateForumThread();
  const [title, setTitle] = useState(thread.title);
  const [body, setBody] = useState(thread.body);
  const [picked, setPicked] = useState<ForumPerson[]>(thread.mentions);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !body.trim()) return;
    update.mutate(
      {
        id: thread.id,
        body: {
          title: title.trim(),
          body: body.trim(),
          mentions: mentionsIn(body, picked).map((person) => person.id),
        },
      },
      { onSuccess: onDone },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {update.isError && <Alert variant="error">{getErrorMessage(update.error)}</Alert>}
      <Field label={t('form.title')} error={title.trim() ? undefined : t('form.required')}>
        {(control) => (
          <Input
            {...control}
            value={title}
            maxLength={FORUM_TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
          />
        )}
      </Field>
      <Field
        label={t('form.body')}
        error={body.trim() ? undefined : t('form.required')}
        description={t('mentions.hint')}
      >
        {(control) => (
          <MentionTextarea
            {...control}
            rows={6}
            value={body}
            onChange={setBody}
            people={people}
            onPick={(person) => setPicked((current) => [...current, person])}
            maxLength={FORUM_BODY_MAX}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" isLoading={update.isPending}>
          {t('actions.save')}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}

function Reply({
  post,
  people,
  onDelete,
}: {
  post: ForumPost;
  people: readonly ForumPerson[];
  onDelete: (post: ForumPost) => void;
}) {
  const { t } = useTranslation('forum');
  const like = useLikeForum();
  const update = useUpdateForumPost();
  const [isEditing, setIsEditing] = useState(false);
  return (
    <Card as="li" padding="p-4" isFlat className="flex flex-col gap-2">
      <Byline post={post} />
      {isEditing ? (
        <PostEditor
          label={t('thread.editReply')}
          submitLabel={t('actions.save')}
          people={people}
          initialBody={post.body}
          initialMentions={post.mentions}
          isPending={update.isPending}
          error={update.error}
          onSubmit={(body) => update.mutateAsync({ id: post.id, body }).then(() => setIsEditing(false))}
          onCancel={() => setIsEditing(false)}
        />
      ) : (
        <ForumBody body={post.body} mentions={post.mentions} />
      )}
      <div className="flex flex-wrap items-center gap-1">
        <LikeButton
          liked={post.likedByMe}
          count={post.likeCount}
          label={t('thread.replyOf', { name: post.author.fullName })}
          isPending={like.isPending}
          onToggle={() => like.mutate({ threadId: post.threadId, postId: post.id, liked: !post.likedByMe })}
        />
        {post.isMine && !isEditing && (
          <>
            <Button variant="ghost" size="sm" onClick={() => setIsEditing(true)}>
              {t('actions.edit')}
              <span className="sr-only"> {t('thread.yourReply')}</span>
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onDelete(post)}>
              {t('actions.delete')}
              <span className="sr-only"> {t('thread.yourReply')}</span>
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}

/** One thread: its body, its replies, likes, pinning, editing one's own, replying with @mentions. */
export function ThreadPane({
  threadId,
  people,
  onClose,
}: {
  threadId: string;
  people: readonly ForumPerson[];
  onClose: () => void;
}) {
  const { t } = useTranslation('forum');
  const detail = useForumThread(threadId);
  const view = useViewForumThread();
  const like = useLikeForum();
  const pin = usePinForumThread();
  const reply = useReplyToForumThread();
  const deleteThread = useDeleteForumThread();
  const deletePost = useDeleteForumPost();
  const [isEditing, setIsEditing] = useState(false);
  const [confirming, setConfirming] = useState<{ kind: 'thread' } | { kind: 'post'; post: ForumPost } | null>(
    null,
  );
  const counted = useRef<string | null>(null);
  const { mutate: countView } = view;

  useEffect(() => {
    // Once per opening: the server counts a reader once anyway, this spares the extra calls.
    if (counted.current === threadId) return;
    counted.current = threadId;
    countView(threadId);
  }, [threadId, countView]);

  if (detail.isPending) return <Spinner label={t('thread.loading')} />;
  if (detail.isError)
    return (
      <LoadErrorAlert
        error={detail.error}
        title={t('thread.error')}
        retryLabel={t('actions.retry')}
        onRetry={() => detail.refetch()}
      />
    );
  const { thread, posts } = detail.data;
  const viewCount = Math.max(thread.viewCount, view.data?.viewCount ?? 0);

  return (
    <article aria-labelledby="forum-thread-title" className="flex flex-col gap-4">
      <div>
        <Button variant="link" onClick={onClose}>
          {t('thread.back')}
        </Button>
      </div>
      <Card padding="p-4 sm:p-6" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id="forum-thread-title" className="text-lg font-semibold text-foreground">
            {thread.title}
          </h2>
          {thread.pinned && (
            <Badge variant="info" icon={<Pin aria-hidden="true" className="size-3" />}>
              {t('list.pinned')}
            </Badge>
          )}
        </div>
        <Byline post={thread} />
        {isEditing ? (
          <ThreadEditor thread={thread} people={people} onDone={() => setIsEditing(false)} />
        ) : (
          <ForumBody body={thread.body} mentions={thread.mentions} />
        )}
        <p className="text-xs text-muted-foreground">{t('list.views', { count: viewCount })}</p>
        <div className="flex flex-wrap items-center gap-1">
          <LikeButton
            liked={thread.likedByMe}
            count={thread.likeCount}
            label={thread.title}
            isPending={like.isPending}
            onToggle={() => like.mutate({ threadId: thread.id, liked: !thread.likedByMe })}
          />
          <Button
            variant="ghost"
            size="sm"
            isLoading={pin.isPending}
            onClick={() =>
              pin.mutate(
                { id: thread.id, pinned: !thread.pinned },
                { onError: (error) => notify.error(getErrorMessage(error)) },
              )
            }
          >
            {thread.pinned ? (
              <PinOff aria-hidden="true" className="size-4" />
            ) : (
              <Pin aria-hidden="true" className="size-4" />
            )}
            {thread.pinned ? t('thread.unpin') : t('thread.pin')}
          </Button>
          {thread.isMine && !isEditing && (
            <>
              <Button variant="ghost" size="sm" onClick={() => setIsEditing(true)}>
                {t('actions.edit')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming({ kind: 'thread' })}>
                {t('actions.delete')}
              </Button>
            </>
          )}
        </div>
      </Card>

      <section aria-labelledby="forum-replies-title" className="flex flex-col gap-3">
        <h3 id="forum-replies-title" className="text-base font-semibold text-foreground">
          {t('thread.replies', { count: posts.length })}
        </h3>
        {posts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('thread.noReplies')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {posts.map((post) => (
              <Reply
                key={post.id}
                post={post}
                people={people}
                onDelete={(target) => setConfirming({ kind: 'post', post: target })}
              />
            ))}
          </ul>
        )}
        <PostEditor
          label={t('thread.yourAnswer')}
          submitLabel={t('thread.send')}
          people={people}
          isPending={reply.isPending}
          error={reply.error}
          onSubmit={(body) => reply.mutateAsync({ threadId: thread.id, body })}
        />
      </section>

      {confirming && (
        <ConfirmDialog
          title={confirming.kind === 'thread' ? t('thread.deleteThreadTitle') : t('thread.deleteReplyTitle')}
          description={
            confirming.kind === 'thread'
              ? t('thread.deleteThreadDescription')
              : t('thread.deleteReplyDescription')
          }
          confirmLabel={t('actions.delete')}
          isPending={deleteThread.isPending || deletePost.isPending}
          onClose={() => setConfirming(null)}
          onConfirm={() => {
            const onError = (error: unknown) => notify.error(getErrorMessage(error));
            if (confirming.kind === 'thread') {
              deleteThread.mutate(thread.id, {
                onSuccess: () => {
                  notify.success(t('thread.deleted'));
                  setConfirming(null);
                  onClose();
                },
                onError,
              });
            } else {
              deletePost.mutate(confirming.post.id, {
                onSuccess: () => {
                  notify.success(t('thread.replyDeleted'));
                  setConfirming(null);
                },
                onError,
              });
            }
          }}
        />
      )}
    </article>
  );
}
