import { HomeScreen } from '../../home/home-screen.tsx';
import { AppFrame } from '../layouts/app-frame.tsx';

/** The signed-in home inside the app frame (its own chunk, with the frame). */
export function SignedInHome() {
  return (
    <AppFrame>
      <HomeScreen />
    </AppFrame>
  );
}
