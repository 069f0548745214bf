// An answer's Markdown, rendered: react-markdown builds React elements (never innerHTML) and
// leaves raw HTML out, rehype-sanitize (GitHub's rules) fences what it renders, remark-gfm
// adds tables, task lists and strikethrough. Fenced code gets its language and a copy button.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { CopyButton } from '../../components/CopyButton.js';

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node && typeof node === 'object' && 'props' in node) return textOf((node as { props: { children?: ReactNode } }).props.children);
  return '';
}

function CodeBlock({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('operators');
  const code = Array.isArray(children) ? children[0] : children;
  const className = code && typeof code === 'object' && 'props' in code ? String((code as { props: { className?: string } }).props.className ?? '') : '';
  const language = /language-([\w+#.-]+)/.exec(className)?.[1] ?? '';
  const text = textOf(children).replace(/\n$/, '');
  return (
    <div className="pg-codeblock" data-testid="pg-codeblock">
      <div className="pg-codeblock__bar">
        <span>{language || t('markdown.code')}</span>
        <CopyButton text={text} label={t('markdown.copyCode')} className="button--small" />
      </div>
      <pre>{children}</pre>
    </div>
  );
}

const COMPONENTS: Components = {
  pre: ({ children }) => <CodeBlock>{children}</CodeBlock>,
  // Links open elsewhere, without handing this page to them.
  a({ children, href }) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    );
  },
};

export function Markdown({ text }: { text: string }) {
  return (
    <div className="pg-markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} components={COMPONENTS}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
