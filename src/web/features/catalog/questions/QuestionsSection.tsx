import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { QUESTION_LIMITS, type QuestionInput, questionInputSchema } from '../../../../shared/questions';
import { Button } from '../../../components/ui/Button';
import { inputClasses } from '../../../components/ui/TextField';
import { showRefusal, useSchemaForm } from '../../../lib/forms';
import { formatCount } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { safeReturnPath, withReturnPath } from '../../../lib/return-path';
import { useShopperToken } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { reviewDate } from '../reviews/review-words';
import { useAskQuestion, useQuestionPage } from './questions-api';

/**
 * 'Questions and answers' on a product page: the shop's answered questions, newest first, ten a
 * page, and a form to ask one (a guest is asked to log in). Questions and answers are shown as
 * plain text.
 */
export function QuestionsSection({ productId }: { productId: number }) {
  const t = useT();
  const locale = useLocale();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const { data } = useQuestionPage(productId, page);
  return (
    <section id="questions" aria-labelledby={headingId} className="mt-12 scroll-mt-20 border-t border-slate-200 pt-8">
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-slate-900">
        {t('products.questions.heading')}
      </h2>
      <div className="mt-4 grid gap-8 lg:grid-cols-[18rem_1fr]">
        <AskArea productId={productId} />
        <div className="min-w-0">
          {data && data.questions.length === 0 ? (
            <p className="text-slate-600">{t('products.questions.none')}</p>
          ) : (
            <ul className="divide-y divide-slate-200" data-testid="question-list">
              {data?.questions.map((question) => (
                <li key={question.id} className="py-4">
                  <p className="font-semibold break-words whitespace-pre-line text-slate-900">
                    <span className="mr-1 text-amber-800">{t('products.questions.q')}</span>
                    {question.question}
                  </p>
                  <p className="mt-1 text-xs text-slate-600">
                    {t('products.questions.askedBy', { name: question.askedBy, date: reviewDate(question.createdAt, locale) })}
                  </p>
                  <p className="mt-2 break-words whitespace-pre-line text-slate-700">
                    <span className="mr-1 font-semibold text-emerald-800">{t('products.questions.a')}</span>
                    {question.answer}
                  </p>
                </li>
              ))}
            </ul>
          )}
          {data && data.totalPages > 1 && (
            <nav aria-label={t('products.questions.pages')} className="mt-4 flex items-center justify-between gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('products.reviews.previous')}
              </Button>
              <span className="text-sm text-slate-600">
                {t('products.reviews.pageOf', { page: formatCount(page, locale), pages: formatCount(data.totalPages, locale) })}
              </span>
              <Button variant="outline" size="sm" disabled={page >= data.totalPages} onClick={() => setPage(page + 1)}>
                {t('products.reviews.next')}
              </Button>
            </nav>
          )}
        </div>
      </div>
    </section>
  );
}

/** The form for a logged-in shopper; a guest is asked to log in and comes back here. */
function AskArea({ productId }: { productId: number }) {
  const t = useT();
  const token = useShopperToken();
  const { pathname, search } = useLocation();
  const ask = useAskQuestion(productId);
  const prefix = `${useId()}-`;
  const form = useSchemaForm<'question', QuestionInput>(questionInputSchema, { question: '' }, { idPrefix: prefix });
  const [sent, setSent] = useState<string | null>(null);
  if (!token) {
    return (
      <p className="self-start rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
        {t('products.questions.guest')}{' '}
        <Link
          to={withReturnPath('/login', safeReturnPath(`${pathname}${search}#questions`))}
          className="font-semibold text-amber-800 underline"
        >
          {t('products.questions.login')}
        </Link>
      </p>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    try {
      await ask.mutateAsync(input.question);
      form.setValue('question', '');
      setSent(t('products.questions.sent'));
      toast.success(t('products.questions.sent'));
    } catch (error) {
      showRefusal(form, error);
    }
  };
  const error = form.errors.question;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-3 self-start rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <label htmlFor={`${prefix}question`} className="block text-sm font-medium text-slate-700">
        {t('products.questions.ask')}
      </label>
      <textarea
        id={`${prefix}question`}
        name="question"
        value={form.values.question}
        onChange={(event) => {
          form.setValue('question', event.target.value);
          setSent(null);
        }}
        rows={3}
        maxLength={QUESTION_LIMITS.questionMax}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${prefix}question-error` : `${prefix}question-hint`}
        className={`${inputClasses} h-auto py-2 ${error ? 'border-red-500' : 'border-control'}`}
      />
      {error ? (
        <p id={`${prefix}question-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : (
        <p id={`${prefix}question-hint`} className="text-xs text-slate-600">
          {sent ?? t('products.questions.hint')}
        </p>
      )}
      <Button type="submit" loading={ask.isPending}>
        {t('products.questions.submit')}
      </Button>
    </form>
  );
}
