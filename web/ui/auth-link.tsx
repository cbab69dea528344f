import { createContext, useContext, type ComponentPropsWithRef, type ReactNode } from 'react';

/** The pages the sign-in screens' frame and form link to. */
export type AuthLinkTarget = '/' | '/signup' | '/forgotpassword';

export type AuthLinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: AuthLinkTarget };

/** Draws one link to its page. */
export type AuthLinkRenderer = (props: AuthLinkProps) => ReactNode;

/** Without a provider: an ordinary link, which loads the page. */
const plainLink: AuthLinkRenderer = ({ to, ...props }) => <a href={to} {...props} />;

const AuthLinkContext = createContext<AuthLinkRenderer>(plainLink);

/**
 * How a link of the sign-in screens goes to its page: in the app, the router's link (app-providers.tsx);
 * on the sign-in page that loads before the router (web/sign-in.tsx), one that brings the app in and
 * lets it draw the page. The screens draw `AuthLink` (`<Anchor component={AuthLink} to="/signup">`),
 * so they are the same code in both places.
 */
export const AuthLinkProvider = AuthLinkContext.Provider;

export function AuthLink(props: AuthLinkProps) {
  return useContext(AuthLinkContext)(props);
}
