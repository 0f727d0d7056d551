// No English left on a French editor screen (issue 38, point 6): every screen the navigation reaches,
// as an editor and as an admin (the walk and what it reads: tests/helpers/editor-words-walk.ts).
import { noEnglishOnScreens } from '../helpers/editor-words-walk.ts';

noEnglishOnScreens('fr');
