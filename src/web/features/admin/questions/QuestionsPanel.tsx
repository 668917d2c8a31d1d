import { useId, useState } from 'react';
import { ADMIN_QUESTION_QUEUES, QUESTION_LIMITS } from '../../../../shared/questions';
import { Button } from '../../../components/ui/Button';
import { inputClasses } from '../../../components/ui/TextField';
import { errorMessage } from '../../../lib/api';
import { formatCount } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { formatOrderDate } from '../../../lib/order-dates';
import { toast } from '../../../lib/toast';
import { type AdminQuestion, type AdminQuestionQueue, type AdminQuestions, useAdminQuestions } from './api';

const QUEUE_LABELS = {
  unanswered: 'admin.questions.queue.unanswered',
  answered: 'admin.questions.queue.answered',
  hidden: 'admin.questions.queue.hidden',
  all: 'admin.questions.queue.all',
} as const;

/**
 * The admin's Questions tab: unanswered questions (longest waiting first), answered, hidden or
 * all; each can be answered (the first answer mails the asker), its answer corrected, hidden or
 * shown again. Questions are shown as plain text.
 */
export function QuestionsPanel() {
  const t = useT();
  const locale = useLocale();
  const [queue, setQueue] = useState<AdminQuestionQueue>('unanswered');
  const [page, setPage] = useState(1);
  const questions = useAdminQuestions(queue, page);
  const data = questions.list.data;
  return (
    <section className="space-y-4" aria-labelledby="questions-heading">
      <h2 id="questions-heading" className="text-lg font-semibold text-slate-900">
        {t('admin.tabs.questions')}
      </h2>
      <div role="group" aria-label={t('admin.questions.queue')} className="flex flex-wrap gap-2">
        {ADMIN_QUESTION_QUEUES.map((value) => (
          <Button
            key={value}
            size="sm"
            variant={value === queue ? 'secondary' : 'outline'}
            aria-pressed={value === queue}
            onClick={() => {
              setQueue(value);
              setPage(1);
            }}
          >
            {t(QUEUE_LABELS[value])}
          </Button>
        ))}
      </div>
      {questions.list.isError && <p role="alert">{t('admin.questions.loadFailed')}</p>}
      {data && data.questions.length === 0 && <p className="text-slate-600">{t('admin.questions.empty')}</p>}
      <ul className="space-y-3">
        {data?.questions.map((question) => (
          <QuestionCard key={question.id} question={question} questions={questions} />
        ))}
      </ul>
      {data && data.totalPages > 1 && (
        <div className="flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('admin.reviews.previous')}
          </Button>
          <span className="text-sm text-slate-600">
            {t('admin.reviews.pageOf', { page: formatCount(page, locale), pages: formatCount(data.totalPages, locale) })}
          </span>
          <Button variant="outline" size="sm" disabled={page >= data.totalPages} onClick={() => setPage(page + 1)}>
            {t('admin.reviews.next')}
          </Button>
        </div>
      )}
    </section>
  );
}

function QuestionCard({ question, questions }: { question: AdminQuestion; questions: AdminQuestions }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
      setOpen(false);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={`admin-question-${question.id}`}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-slate-900">{question.productName}</span>
        {question.status === 'hidden' && (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
            {t('admin.questions.hidden')}
          </span>
        )}
      </div>
      <p className="mt-2 font-semibold break-words whitespace-pre-line text-slate-900">{question.question}</p>
      <p className="mt-1 text-sm text-slate-600">
        {t('admin.questions.askedBy', { name: question.askedBy, date: formatOrderDate(question.createdAt, locale) })}
      </p>
      {question.answer && (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm break-words whitespace-pre-line text-slate-700">
          {question.answer}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          aria-expanded={open}
          onClick={() => {
            setOpen(!open);
            setText(question.answer ?? '');
          }}
        >
          {t(question.answer ? 'admin.questions.editAnswer' : 'admin.questions.answer')}
        </Button>
        {question.status === 'visible' ? (
          <Button
            size="sm"
            variant="outline"
            loading={questions.hide.isPending}
            onClick={() => void run(() => questions.hide.mutateAsync(question.id), t('admin.questions.hiddenDone'))}
          >
            {t('admin.questions.hide')}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            loading={questions.show.isPending}
            onClick={() => void run(() => questions.show.mutateAsync(question.id), t('admin.questions.shown'))}
          >
            {t('admin.questions.show')}
          </Button>
        )}
      </div>
      {open && (
        <form
          className="mt-3 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run(() => questions.answer.mutateAsync({ id: question.id, answer: text }), t('admin.questions.answered'));
          }}
        >
          <label htmlFor={`${id}-answer`} className="block text-sm font-medium text-slate-700">
            {t('admin.questions.answerLabel')}
          </label>
          <textarea
            id={`${id}-answer`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={3}
            maxLength={QUESTION_LIMITS.answerMax}
            className={`${inputClasses} border-control h-auto py-2`}
          />
          <Button type="submit" size="sm" variant="secondary" loading={questions.answer.isPending}>
            {t('admin.questions.send')}
          </Button>
        </form>
      )}
    </li>
  );
}
