/** The admin's Questions tab lives in ../questions. */
export { QuestionsPanel as QuestionsTab } from '../questions/QuestionsPanel';
