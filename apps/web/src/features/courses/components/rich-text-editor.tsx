import { Link as LinkExtension } from '@tiptap/extension-link';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import {
  Bold,
  Code,
  Heading2,
  Heading3,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
  Redo2,
  Strikethrough,
  Underline,
  Undo2,
  Unlink,
} from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { LESSON_HTML_CLASS } from '../lib/lesson-html';

/** The schemes the server keeps in links (sanitize-lesson-html); anything else would be dropped. */
const LINK_PATTERN = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;

export interface RichTextEditorProps {
  /** HTML; '' for an empty lesson. */
  value: string;
  onChange: (html: string) => void;
  /** Id of the visible label naming the editing area. */
  labelledBy: string;
  describedBy?: string;
  isInvalid?: boolean;
}

type ToolId =
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strike'
  | 'heading2'
  | 'heading3'
  | 'bulletList'
  | 'orderedList'
  | 'blockquote'
  | 'codeBlock'
  | 'link'
  | 'unlink'
  | 'undo'
  | 'redo';

interface Tool {
  id: ToolId;
  icon: LucideIcon;
  /** A formatting the selection has or not (aria-pressed); commands have none. */
  isToggle: boolean;
  run: (editor: Editor) => void;
}

const TOOLS: Tool[] = [
  { id: 'bold', icon: Bold, isToggle: true, run: (editor) => editor.chain().focus().toggleBold().run() },
  {
    id: 'italic',
    icon: Italic,
    isToggle: true,
    run: (editor) => editor.chain().focus().toggleItalic().run(),
  },
  {
    id: 'underline',
    icon: Underline,
    isToggle: true,
    run: (editor) => editor.chain().focus().toggleUnderline().run(),
  },
  {
    id: 'strike',
    icon: Strikethrough,
    isToggle: true,
    run: (editor) => editor.chain().focus().toggleStrike().run(),
  },
  {
    id: 'heading2',
    icon: Heading2,
    isToggle: true,
    run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    id: 'heading3',
    icon: Heading3,
    isToggle: true,
    run: (editor) => editor.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    id: 'bulletList',
    icon: List,
    isToggle: true,
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
  {
    id: 'orderedList',
    icon: ListOrdered,
    isToggle: true,
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
  },
  {
    id: 'blockquote',
    icon: Quote,
    isToggle: true,
    run: (editor) => editor.chain().focus().toggleBlockquote().run(),
  },
  {
    id: 'codeBlock',
    icon: Code,
    isToggle: true,
    run: (editor) => editor.chain().focus().toggleCodeBlock().run(),
  },
  // The link tool opens its own small form; see below.
  { id: 'link', icon: Link2, isToggle: true, run: () => {} },
  { id: 'unlink', icon: Unlink, isToggle: false, run: (editor) => editor.chain().focus().unsetLink().run() },
  { id: 'undo', icon: Undo2, isToggle: false, run: (editor) => editor.chain().focus().undo().run() },
  { id: 'redo', icon: Redo2, isToggle: false, run: (editor) => editor.chain().focus().redo().run() },
];

function readToolState(editor: Editor) {
  return {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    underline: editor.isActive('underline'),
    strike: editor.isActive('strike'),
    heading2: editor.isActive('heading', { level: 2 }),
    heading3: editor.isActive('heading', { level: 3 }),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    blockquote: editor.isActive('blockquote'),
    codeBlock: editor.isActive('codeBlock'),
    link: editor.isActive('link'),
    canUnlink: editor.isActive('link'),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

/** Before the editor is ready: nothing pressed, nothing to undo. */
const NO_TOOL_STATE: ReturnType<typeof readToolState> = {
  bold: false,
  italic: false,
  underline: false,
  strike: false,
  heading2: false,
  heading3: false,
  bulletList: false,
  orderedList: false,
  blockquote: false,
  codeBlock: false,
  link: false,
  canUnlink: false,
  canUndo: false,
  canRedo: false,
};

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useTranslation('courses');
  const id = useId();
  const [url, setUrl] = useState(
    () => (editor.getAttributes('link').href as string | undefined) ?? 'https://',
  );
  const [isInvalid, setIsInvalid] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.select();
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const href = url.trim();
    if (!LINK_PATTERN.test(href)) {
      setIsInvalid(true);
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    onDone();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    // Closes this little form only, not a dialog around the editor.
    event.stopPropagation();
    editor.commands.focus();
    onDone();
  };

  // A nested <form> is invalid HTML inside the lesson form: a group with its own submit handling.
  return (
    <fieldset className="flex flex-wrap items-end gap-2 border-b border-border bg-muted p-2">
      <legend className="sr-only">{t('editor.link.legend')}</legend>
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-xs font-medium text-foreground">
          {t('editor.link.url')}
        </label>
        <Input
          ref={inputRef}
          id={id}
          type="url"
          value={url}
          aria-invalid={isInvalid || undefined}
          aria-describedby={isInvalid ? `${id}-error` : undefined}
          onChange={(event) => {
            setUrl(event.target.value);
            setIsInvalid(false);
          }}
          onKeyDown={(event) => {
            onKeyDown(event);
            if (event.key === 'Enter') onSubmit(event);
          }}
          className="h-8"
        />
        {isInvalid && (
          <p id={`${id}-error`} className="text-xs text-danger">
            {t('editor.link.invalid')}
          </p>
        )}
      </div>
      <Button size="sm" onClick={onSubmit}>
        {t('editor.link.apply')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => {
          editor.commands.focus();
          onDone();
        }}
      >
        {t('actions.cancel')}
      </Button>
    </fieldset>
  );
}

/**
 * The text lesson editor (TipTap), loaded only where a text lesson is edited. Its toolbar follows
 * the WAI-ARIA toolbar pattern: one Tab stop, arrow keys between buttons, each button named.
 * Whatever it produces, the server sanitises the HTML before storing it.
 */
export function RichTextEditor({ value, onChange, labelledBy, describedBy, isInvalid }: RichTextEditorProps) {
  const { t } = useTranslation('courses');
  const [isLinkFormOpen, setIsLinkFormOpen] = useState(false);
  const [focusedTool, setFocusedTool] = useState(0);
  const toolRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const attributes = {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelledBy,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(isInvalid ? { 'aria-invalid': 'true' } : {}),
    class: cn(LESSON_HTML_CLASS, 'min-h-56 px-3 py-2 focus:outline-none'),
  };
  const attributesKey = JSON.stringify(attributes);
  // useEditor compares its options on every render and re-applies those that changed: keep them
  // stable, so only a real change (the error state) reaches the editor.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attributesKey stands for attributes.
  const editorProps = useMemo(() => ({ attributes }), [attributesKey]);
  const [extensions] = useState(() => [
    StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false }),
    LinkExtension.configure({
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['mailto'],
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
  ]);
  const editor = useEditor({
    extensions,
    // The latest value, so an editor TipTap has to re-create starts from what was typed.
    content: value,
    immediatelyRender: true,
    editorProps,
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
  });

  // The editor may be replaced (TipTap re-creates one whose first mount came late): only a live,
  // mounted one is read or changed.
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => (current && !current.isDestroyed ? readToolState(current) : null),
  });

  // A value set from outside (the server's sanitised copy after saving) replaces the document.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  const tools = state ?? NO_TOOL_STATE;

  const isDisabled = (tool: Tool) =>
    (tool.id === 'unlink' && !tools.canUnlink) ||
    (tool.id === 'undo' && !tools.canUndo) ||
    (tool.id === 'redo' && !tools.canRedo);

  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = TOOLS.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: focusedTool === last ? 0 : focusedTool + 1,
      ArrowLeft: focusedTool === 0 ? last : focusedTool - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    setFocusedTool(target);
    toolRefs.current[target]?.focus();
  };

  return (
    <div
      className={cn(
        'overflow-hidden rounded-md border bg-card focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring focus-within:outline-solid',
        isInvalid ? 'border-danger' : 'border-input',
      )}
    >
      <div
        role="toolbar"
        aria-label={t('editor.toolbar')}
        onKeyDown={onToolbarKeyDown}
        className="flex flex-wrap gap-0.5 border-b border-border bg-muted/60 p-1"
      >
        {TOOLS.map((tool, index) => {
          const label = t(`editor.tools.${tool.id}`);
          const isActive = tool.isToggle ? Boolean((tools as Record<string, boolean>)[tool.id]) : undefined;
          return (
            <button
              key={tool.id}
              ref={(element) => {
                toolRefs.current[index] = element;
              }}
              type="button"
              tabIndex={index === focusedTool ? 0 : -1}
              aria-label={label}
              title={label}
              aria-pressed={tool.id === 'link' ? isLinkFormOpen || tools.link : isActive}
              disabled={isDisabled(tool)}
              onFocus={() => setFocusedTool(index)}
              onClick={() => {
                if (tool.id === 'link') setIsLinkFormOpen((open) => !open);
                else tool.run(editor);
              }}
              className={cn(
                'inline-flex size-8 items-center justify-center rounded text-foreground hover:bg-card disabled:opacity-40',
                (isActive || (tool.id === 'link' && isLinkFormOpen)) &&
                  'bg-card text-primary shadow-sm ring-1 ring-border',
                FOCUS_RING,
              )}
            >
              <tool.icon aria-hidden="true" className="size-4" />
            </button>
          );
        })}
      </div>
      {isLinkFormOpen && <LinkForm editor={editor} onDone={() => setIsLinkFormOpen(false)} />}
      <EditorContent editor={editor} />
    </div>
  );
}
