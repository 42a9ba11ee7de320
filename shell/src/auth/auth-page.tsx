import { PageMeta, useAuth } from '@lamplight/session'
import { Spinner, Tabs, TabsContent, TabsList, TabsTrigger } from '@lamplight/ui'
import { useEffect, useState } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { AuthCard } from './auth-card'
import { ForgotPasswordForm } from './forgot-password-form'
import { safeRedirect } from './safe-redirect'
import { SignInForm } from './sign-in-form'
import { SignUpForm } from './sign-up-form'

type View = 'sign-in' | 'sign-up' | 'forgot'

const SUBTITLES: Record<View, string> = {
  'sign-in': 'Sign in to solve your puzzles, manage your subscription and follow your orders.',
  'sign-up': 'Create an account to solve your puzzles, subscribe and follow your orders.',
  forgot: "Tell us your email and we'll send you a link to choose a new password.",
}

/** /auth: Sign In and Sign Up tabs, and the forgotten-password request. */
export function AuthPage() {
  const { user, loading } = useAuth()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const redirect = safeRedirect(params.get('redirect'))
  const tab = params.get('tab')
  // ?tab=forgot: the confirmation page's way out for whoever did not choose the password.
  const [view, setView] = useState<View>(tab === 'sign-up' || tab === 'forgot' ? tab : 'sign-in')
  const [justSignedIn, setJustSignedIn] = useState(false)
  // The email typed on one form follows the person to the others.
  const [email, setEmail] = useState('')
  // Moving between forms with a button (not a tab) would leave focus on a button that is
  // gone: the next form takes it instead.
  const [moved, setMoved] = useState(false)
  const go = (next: View) => {
    setMoved(true)
    setView(next)
  }
  const meta = (
    <PageMeta
      title={view === 'sign-up' ? 'Sign Up' : view === 'forgot' ? 'Reset your password' : 'Sign In'}
      description="Sign in to Lamplight Puzzle Co. to play the puzzle boxes you own, manage your monthly plan and see your orders, or create an account."
      path="/auth"
    />
  )

  useEffect(() => {
    if (justSignedIn) navigate(redirect, { replace: true })
  }, [justSignedIn, navigate, redirect])

  if (loading) {
    return (
      <>
        {meta}
        <div className="flex min-h-[60vh] items-center justify-center">
          <Spinner label="Checking your session" />
        </div>
      </>
    )
  }
  // Already signed in: straight on to where they were going.
  if (user && !justSignedIn) return <Navigate to={redirect} replace />

  return (
    <>
      {meta}
      <AuthCard
        title={
          view === 'forgot'
            ? 'Reset your password'
            : view === 'sign-up'
              ? 'Create your account'
              : 'Welcome back'
        }
        description={SUBTITLES[view]}
      >
        {view === 'forgot' ? (
          <ForgotPasswordForm
            email={email}
            onEmailChange={setEmail}
            onBack={() => go('sign-in')}
            takeFocus={moved}
          />
        ) : (
          <Tabs
            value={view}
            onValueChange={(v) => {
              setMoved(false)
              setView(v as View)
            }}
          >
            <TabsList className="mb-6 grid w-full grid-cols-2">
              <TabsTrigger value="sign-in">Sign In</TabsTrigger>
              <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in">
              <SignInForm
                email={email}
                onEmailChange={setEmail}
                onSignedIn={() => setJustSignedIn(true)}
                onForgot={() => go('forgot')}
                takeFocus={moved}
              />
            </TabsContent>
            <TabsContent value="sign-up">
              <SignUpForm
                email={email}
                onEmailChange={setEmail}
                onSignedIn={() => setJustSignedIn(true)}
                onSignInInstead={() => go('sign-in')}
                onResetPassword={() => go('forgot')}
              />
            </TabsContent>
          </Tabs>
        )}
      </AuthCard>
    </>
  )
}
