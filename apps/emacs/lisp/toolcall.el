;;; toolcall.el --- Run toolcall tools and ToolCall scripts  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The toolcall authors

;; Author: The toolcall authors
;; URL: https://github.com/toolcall/toolcall
;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: tools, processes
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; toolcall runs ToolCall scripts and tools through a Node bridge process
;; (`toolcall-bridge') that speaks JSON-RPC 2.0, one JSON object per line,
;; over stdio.  This file starts and supervises the bridge, sends requests
;; and answers the bridge's own requests: permission questions, Ask
;; questionnaires and calls of the tools Emacs hosts (EmacsEval,
;; EmacsDescribe, EmacsFind, EmacsBuffers).
;;
;; Entry points: `toolcall-eval-last-sexp', `toolcall-eval-region',
;; `toolcall-run-buffer', `toolcall-run-expression', `toolcall-call-tool',
;; `toolcall-stop-script', `toolcall-executions' and `toolcall-processes',
;; gathered in the prefix keymap `toolcall-command-map' (bound to no key
;; by default) and, for script buffers, in `toolcall-script-mode'.  The
;; commands send their request and return at once; the result goes to the echo area when it
;; settles and the *toolcall* buffer draws the call as it runs (see
;; `toolcall-view-mode').  From Lisp, `toolcall-run-expression-async' takes
;; a callback and `toolcall-run-expression-sync' waits.

;;; Code:

(require 'cl-lib)
(require 'json)
(require 'seq)
(require 'toolcall-view)
(require 'toolcall-host)
(require 'toolcall-review)

(defgroup toolcall nil
  "Run toolcall tools and ToolCall scripts from Emacs."
  :group 'tools
  :prefix "toolcall-")

(defcustom toolcall-node-command "node"
  "The Node.js executable that runs the bridge."
  :type 'string
  :risky t
  :package-version '(toolcall . "0.1.0"))

(defcustom toolcall-bridge-script
  (expand-file-name "../dist/bridge.js"
                    (file-name-directory (or load-file-name buffer-file-name "")))
  "The bridge's entry script, dist/bridge.js of the @toolcall/emacs package."
  :type 'file
  :risky t
  :package-version '(toolcall . "0.1.0"))

(defcustom toolcall-bridge-arguments nil
  "Extra command-line arguments for the bridge, such as --tools-module FILE."
  :type '(repeat string)
  :risky t
  :package-version '(toolcall . "0.1.0"))

(defcustom toolcall-workspace nil
  "The directory tools resolve relative paths against.
When nil, the `default-directory' of the buffer that starts the bridge."
  :type '(choice (const :tag "Current directory" nil) directory)
  :risky t
  :package-version '(toolcall . "0.1.0"))

(defcustom toolcall-sandbox-mode 'ask
  "How much the bridge may do without asking.
`ask' allows read-only tools and asks for the rest, `edits' also
allows edits, `full-auto' allows everything except EmacsEval,
which always asks."
  :type '(choice (const :tag "Ask for anything that changes state" ask)
                 (const :tag "Allow edits" edits)
                 (const :tag "Allow everything" full-auto))
  :risky t
  :package-version '(toolcall . "0.1.0"))

(defcustom toolcall-permission-rules nil
  "Permission rules the bridge decides calls by, beside `toolcall-sandbox-mode'.
An alist of (ACTION . RULES): ACTION is `allow', `deny' or `ask',
and RULES a list of strings spelled as the command line's
--allow takes them, such as \"Bash(git log*)\",
\"Read(path:~/.ssh/**)\" or \"WebFetch(domain:*.example.com)\".
A deny wins; a Bash rule is judged per simple command."
  :type '(alist :key-type (choice (const allow) (const deny) (const ask))
                :value-type (repeat string))
  :risky t
  :package-version '(toolcall . "0.1.0"))

(defconst toolcall-budget-names
  '(script-bytes syntax-nodes depth steps wall-time nested-calls recursion-depth
    transformed-size regexp-work numeric-size value-size retained-values)
  "The ToolCall interpreter's budgets, as `toolcall-limits' names them.")

(defcustom toolcall-parallelism 4
  "How many nested calls of one `parallel' or `parallel-map' join run at once.
Calls beyond it wait for a free slot and are drawn as queued rows."
  :type 'natnum
  :package-version '(toolcall . "0.1.0"))

(defcustom toolcall-limits nil
  "Budgets of a ToolCall script, overriding the interpreter's defaults.
An alist of (BUDGET . NUMBER), BUDGET one of `toolcall-budget-names'
and NUMBER positive: for instance ((wall-time . 60000) (nested-calls
. 500)).  Times are in milliseconds, sizes in bytes."
  :type `(alist :key-type (choice ,@(mapcar (lambda (name) (list 'const name))
                                            toolcall-budget-names))
                :value-type number)
  :package-version '(toolcall . "0.1.0"))

(defcustom toolcall-returned-line-threshold 20
  "Lines of a script's returned value drawn inline in its row.
A longer value moves into a trailing, collapsed Returned row; 0 keeps
every value inline."
  :type 'natnum
  :package-version '(toolcall . "0.1.0"))

(defcustom toolcall-state-directory (locate-user-emacs-file "toolcall/")
  "Where the bridge keeps the checkpoints of running ToolCall scripts.
A script left running by a bridge that ended without `toolcall-stop'
\(killed or crashed) is shown as interrupted when the next bridge
starts.  nil keeps no checkpoints."
  :type '(choice (const :tag "No checkpoints" nil) directory)
  :risky t
  :package-version '(toolcall . "0.1.0"))

(defcustom toolcall-restart-limit 5
  "How many crashes in a row the bridge is restarted after before giving up.
A bridge that ran for `toolcall-restart-stable-period' seconds before it
crashed starts the count again."
  :type 'natnum
  :package-version '(toolcall . "0.1.0"))

(defcustom toolcall-restart-delay 0.5
  "Seconds before the first restart of a crashed bridge.
Each further restart in a row waits twice as long, at most 30 seconds."
  :type 'number
  :package-version '(toolcall . "0.1.0"))

(defcustom toolcall-restart-stable-period 60
  "Seconds a bridge must run before its crash counts as the first in a row."
  :type 'number
  :package-version '(toolcall . "0.1.0"))

(defcustom toolcall-stop-timeout 3
  "Seconds `toolcall-stop' waits for the bridge to exit before killing it.
The bridge cancels running scripts and removes their checkpoints first;
a bridge killed at this limit leaves them to be drawn interrupted when the
next one starts."
  :type 'number
  :package-version '(toolcall . "0.1.0"))

(defcustom toolcall-echo-max-lines 8
  "Lines of a result shown in the echo area when a command's script settles.
The *toolcall* buffer shows the whole result."
  :type 'natnum
  :package-version '(toolcall . "0.1.0"))

(define-error 'toolcall-error "toolcall error")
(define-error 'toolcall-rpc-error "toolcall bridge error" 'toolcall-error)

(defvar toolcall--process nil "The running bridge process, or nil.")
(defvar toolcall--chunks nil
  "Pieces of an incomplete line read from the bridge, newest first.")
(defvar toolcall--pending (make-hash-table :test #'eql)
  "Callbacks of requests sent to the bridge, by request id.")
(defvar toolcall--next-id 0 "The last request id sent to the bridge.")
(defvar toolcall--stopping nil "Non-nil while `toolcall-stop' shuts the bridge down.")
(defvar toolcall--ready nil "Non-nil once the running bridge has answered initialize.")
(defvar toolcall--waiting nil
  "Functions waiting for the starting bridge, oldest first.
Each is called with nil once the bridge is initialized, or with the
error plist when it could not start.")
(defvar toolcall--started-at nil "When (a `float-time') the running bridge started.")
(defvar toolcall--restarts 0 "Restarts after crashes in a row.")
(defvar toolcall--restart-timer nil "The timer of the next restart after a crash, or nil.")
(defvar toolcall--tools nil "Tool names the bridge reported at initialize.")
(defvar toolcall--jobs nil "The requests of scripts and tool calls not settled yet, newest first.")
(defvar toolcall-last-progress nil "The latest progress notification of a running script.")
(defvar toolcall--generation 0
  "How many times the bridge has started; execution ids restart with each bridge.")

(cl-defstruct (toolcall--job (:constructor toolcall--job-create) (:copier nil))
  "A script or tool call sent, or about to be sent, to the bridge."
  (id nil :documentation "The request id once sent.")
  (label nil :documentation "What runs, in one line.")
  (buffer nil :documentation "The buffer it was started from.")
  (cancelled nil :documentation "Non-nil once stopped before it was sent."))

;;;; Errors

(defconst toolcall--cancelled-code -32800 "The JSON-RPC code of a cancelled request.")
(defconst toolcall--exited-code -32099 "The code of a request whose bridge exited.")

(defun toolcall-error-sentence (error)
  "Return ERROR, a JSON-RPC error plist of the bridge, as a sentence for people."
  (let* ((code (plist-get error :code))
         (message (or (plist-get error :message) ""))
         (detail (if (string-match "\\`[A-Za-z ]+: " message)
                     (substring message (match-end 0))
                   message)))
    (pcase code
      (-32800 "The request was stopped before it finished.")
      (-32099 (format "The bridge exited before answering (%s)."
                      (string-trim (replace-regexp-in-string "\\`Bridge exited: ?" "" message))))
      (-32700 (format "The bridge could not read the JSON Emacs sent: %s." detail))
      (-32600 (if (string-match-p "initialize" message)
                  "The bridge was not initialized; `M-x toolcall-restart' starts it again."
                (format "The bridge refused the request: %s." detail)))
      (-32601 (format "The bridge does not know the request %s; toolcall.el and the bridge (%s) may be of different versions."
                      detail (file-name-nondirectory toolcall-bridge-script)))
      (-32602 (cond
               ((string-prefix-p "Unknown tool: " message)
                (format "The bridge has no tool named %s." detail))
               ((string-prefix-p "No execution " message)
                (format "The bridge has no execution %s."
                        (substring message (length "No execution "))))
               ((string-prefix-p "No process " message)
                (format "The bridge has no process %s; it may have ended."
                        (substring message (length "No process "))))
               (t (format "The bridge refused the arguments: %s." detail))))
      (-32603 (format "The bridge failed while answering: %s." message))
      (_ (format "The bridge answered with an error: %s." message)))))

(defun toolcall--rpc-error-data (error)
  "Return the data of a `toolcall-rpc-error' signal for ERROR, an error plist.
The sentence for people comes first, then the JSON-RPC code."
  (list (toolcall-error-sentence error) (plist-get error :code)))

(defmacro toolcall--user-errors (&rest body)
  "Run BODY, turning a `toolcall-error' it signals into a `user-error'."
  (declare (indent 0) (debug t))
  `(condition-case err
       (progn ,@body)
     (toolcall-error (user-error "%s" (cadr err)))))

;;;; Transport

(defun toolcall--send (message)
  "Send MESSAGE, a plist, to the bridge as one JSON line."
  (unless (process-live-p toolcall--process)
    (signal 'toolcall-error '("The bridge is not running")))
  (process-send-string
   toolcall--process
   (concat (json-serialize (append '(:jsonrpc "2.0") message)
                           :null-object :null :false-object :false)
           "\n")))

(defun toolcall--request (method params callback)
  "Send METHOD with PARAMS; call CALLBACK with result and error plists.
Return the request id."
  (let ((id (cl-incf toolcall--next-id)))
    (puthash id callback toolcall--pending)
    (toolcall--send (list :id id :method method :params (or params '())))
    id))

(defun toolcall--notify (method params)
  "Send the notification METHOD with PARAMS."
  (toolcall--send (list :method method :params params)))

(defun toolcall--reply (id result)
  "Answer the bridge's request ID with RESULT."
  (when (process-live-p toolcall--process)
    (toolcall--send (list :id id :result result))))

(defun toolcall--filter (_process output)
  "Collect OUTPUT from the bridge and dispatch each complete line.
An incomplete line is kept as a list of pieces, joined once when its
newline arrives: a long line costs its length, not its length times
its pieces."
  (let ((start 0)
        (newline (string-search "\n" output)))
    (while newline
      (let ((line (if toolcall--chunks
                      (apply #'concat
                             (nreverse (cons (substring output start newline) toolcall--chunks)))
                    (substring output start newline))))
        (setq toolcall--chunks nil)
        (toolcall--handle-line line))
      (setq start (1+ newline)
            newline (string-search "\n" output start)))
    (when (< start (length output))
      (push (if (= start 0) output (substring output start)) toolcall--chunks))))

(defun toolcall--handle-line (line)
  "Parse LINE, one message from the bridge, and dispatch it."
  (unless (string-empty-p line)
    (condition-case err
        (toolcall--dispatch
         (json-parse-string line :object-type 'plist :array-type 'list
                            :null-object nil :false-object nil))
      (json-error (message "toolcall: unreadable bridge line: %S" err))
      ;; One failing callback must not lose the other messages of this output.
      (error (message "toolcall: %s" (error-message-string err))))))

(defun toolcall--dispatch (message)
  "Handle one parsed MESSAGE from the bridge."
  (let ((id (plist-get message :id))
        (method (plist-get message :method))
        (params (plist-get message :params)))
    (cond
     ((and method id)
      ;; Prompts must not run inside the process filter: defer them.
      (run-at-time 0 nil #'toolcall--answer id method params))
     (method (toolcall--on-notification method params))
     (id (let ((callback (gethash id toolcall--pending)))
           (when callback
             (remhash id toolcall--pending)
             (funcall callback (plist-get message :result)
                      (plist-get message :error))))))))

(defun toolcall--view-key (execution-id)
  "Return the view's key for EXECUTION-ID of the running bridge."
  ;; A restarted bridge numbers executions from e1 again: keep older trees apart.
  (format "%d:%s" toolcall--generation execution-id))

(defun toolcall--on-notification (method params)
  "Handle the notification METHOD with PARAMS."
  (pcase method
    ("toolcall/render"
     (toolcall-view-update (toolcall--view-key (plist-get params :executionId))
                           (plist-get params :tree)))
    ("toolcall/progress" (setq toolcall-last-progress params))
    ("files/changed" (toolcall-review-revert-files (plist-get params :paths)))
    ;; The bridge no longer waits for an answer: a patch under review was withdrawn.
    ("$/cancelRequest" (toolcall-review-cancel (plist-get params :id)))))

(defun toolcall--answer (id method params)
  "Answer the bridge's request ID for METHOD with PARAMS."
  (condition-case err
      (pcase method
        ("permission/ask"
         (toolcall--reply id (list :answer (toolcall-host-ask-permission params))))
        ("patch/review"
         ;; Answered later, from the review buffer; only to the bridge that asked.
         (let ((process toolcall--process))
           (toolcall-review-patch id params
                                  (lambda (answer)
                                    (when (eq process toolcall--process)
                                      (toolcall--reply id answer)))
                                  (or toolcall-view-directory default-directory))))
        ("ask/questions"
         (toolcall--reply id (toolcall-host-ask-questions (plist-get params :questions))))
        ("emacs/callTool"
         (toolcall--reply id (toolcall-host-call (plist-get params :name)
                                                 (plist-get params :arguments))))
        (_ (toolcall--send (list :id id :error (list :code -32601 :message method)))))
    ;; Quitting a prompt answers it: a permission question is denied, Ask cancelled.
    (quit (toolcall--reply id (if (equal method "permission/ask")
                                  (list :answer "deny")
                                (list :status "cancelled"))))
    (error (toolcall--send
            (list :id id :error (list :code -32603 :message (error-message-string err)))))))

;;;; Supervision

(defun toolcall--fail-pending (reason)
  "Fail every pending request with REASON."
  (let ((callbacks (hash-table-values toolcall--pending)))
    (clrhash toolcall--pending)
    (dolist (callback callbacks)
      (funcall callback nil (list :code toolcall--exited-code :message reason)))))

(defun toolcall--restart-delay (restarts)
  "Return the seconds to wait before the RESTARTSth restart in a row."
  (min 30 (* toolcall-restart-delay (expt 2 (max 0 (1- restarts))))))

(defun toolcall--sentinel (process event)
  "Restart the bridge PROCESS after an unexpected EVENT, with a growing delay."
  (unless (process-live-p process)
    (when (eq process toolcall--process)
      (setq toolcall--process nil toolcall--ready nil)
      (toolcall--fail-pending (format "Bridge exited: %s" (string-trim event)))
      ;; Nothing will settle the dead bridge's calls.
      (toolcall-view-interrupt (format "%d:" toolcall--generation))
      (unless toolcall--stopping
        ;; A bridge that ran for a while before it crashed starts the count again.
        (when (and toolcall--started-at
                   (>= (- (float-time) toolcall--started-at) toolcall-restart-stable-period))
          (setq toolcall--restarts 0))
        (if (< toolcall--restarts toolcall-restart-limit)
            (let ((delay (toolcall--restart-delay (cl-incf toolcall--restarts))))
              (message "toolcall: bridge exited (%s), restarting in %s s"
                       (string-trim event) (number-to-string delay))
              (setq toolcall--restart-timer (run-at-time delay nil #'toolcall--restart-crashed)))
          (message "toolcall: the bridge exited (%s) %s; see %s; %s starts it again"
                   (string-trim event)
                   (if (= toolcall--restarts 0)
                       "and is not restarted (`toolcall-restart-limit' is 0)"
                     (format "%d times in a row" (1+ toolcall--restarts)))
                   " *toolcall-stderr*" "`M-x toolcall-restart'"))))))

(defun toolcall--restart-crashed ()
  "Start the bridge again after a crash, unless something started it meanwhile."
  (setq toolcall--restart-timer nil)
  (unless (process-live-p toolcall--process)
    (condition-case err
        (toolcall--start)
      (error (message "toolcall: the bridge could not restart: %s" (error-message-string err))))))

(defun toolcall--tool-call-settings ()
  "Return ToolCall's settings for initialize; signal `user-error' on a bad one."
  (unless (and (integerp toolcall-parallelism) (>= toolcall-parallelism 1))
    (user-error "`toolcall-parallelism' must be an integer of at least 1, got %S"
                toolcall-parallelism))
  (unless (and (integerp toolcall-returned-line-threshold)
               (>= toolcall-returned-line-threshold 0))
    (user-error "`toolcall-returned-line-threshold' must be an integer of at least 0, got %S"
                toolcall-returned-line-threshold))
  (unless (and (listp toolcall-limits) (seq-every-p #'consp toolcall-limits))
    (user-error "`toolcall-limits' must be an alist of (BUDGET . NUMBER), got %S"
                toolcall-limits))
  (let ((limits '()))
    (dolist (entry toolcall-limits)
      (let ((name (car entry)) (value (cdr entry)))
        (unless (memq name toolcall-budget-names)
          (user-error "`toolcall-limits' names no budget %S; expected one of %s"
                      name (mapconcat #'symbol-name toolcall-budget-names ", ")))
        (unless (and (numberp value) (> value 0))
          (user-error "`toolcall-limits' gives %s %S; expected a positive number" name value))
        (setq limits (plist-put limits (intern (format ":%s" name)) value))))
    (append (list :parallelism toolcall-parallelism
                  :returnedLineThreshold toolcall-returned-line-threshold)
            (and limits (list :limits limits)))))

(defun toolcall--rules-parameter ()
  "Return `toolcall-permission-rules' as the bridge takes it.
Signal a `user-error' naming a malformed entry."
  (let ((rules '()))
    (unless (listp toolcall-permission-rules)
      (user-error "`toolcall-permission-rules' must be an alist of (ACTION . RULES), got %S"
                  toolcall-permission-rules))
    (dolist (entry toolcall-permission-rules)
      (unless (and (consp entry) (memq (car entry) '(allow deny ask)))
        (user-error "`toolcall-permission-rules' has %S; expected (allow|deny|ask . RULES)"
                    entry))
      (unless (and (listp (cdr entry)) (seq-every-p #'stringp (cdr entry)))
        (user-error "`toolcall-permission-rules' gives %s %S; expected a list of strings"
                    (car entry) (cdr entry)))
      (setq rules (plist-put rules (intern (format ":%s" (car entry)))
                             (vconcat (plist-get rules (intern (format ":%s" (car entry))))
                                      (cdr entry)))))
    rules))

(defun toolcall--initialize-parameters (workspace)
  "Return the initialize parameters for a bridge serving WORKSPACE."
  (unless (or (null toolcall-state-directory) (stringp toolcall-state-directory))
    (user-error "`toolcall-state-directory' must be a directory name or nil, got %S"
                toolcall-state-directory))
  (append (list :clientInfo (list :name "toolcall.el" :version emacs-version)
                :workspace workspace
                :mode (symbol-name toolcall-sandbox-mode)
                :rules (or (toolcall--rules-parameter) (make-hash-table))
                :hostedTools (vconcat toolcall-host-tools)
                :customTools (toolcall-host-custom-definitions)
                :toolCall (toolcall--tool-call-settings)
                :patchReview (if toolcall-review-patches t :false))
          (and toolcall-state-directory
               (list :stateDirectory (expand-file-name toolcall-state-directory)))))

(defun toolcall--show-recovered (records)
  "Show RECORDS, scripts an ended bridge left running, as interrupted rows."
  (when records
    (dolist (record records)
      (toolcall-view-replace (plist-get record :toolUseId) (plist-get record :tree)))
    (toolcall-view-display)
    (message "toolcall: %d ToolCall script%s ended before finishing when the bridge stopped; see %s"
             (length records) (if (cdr records) "s" "") toolcall-view-buffer-name)))

(defun toolcall--start ()
  "Start the bridge process and send it initialize; return the process.
The functions in `toolcall--waiting' are called once it answers."
  (unless (file-exists-p toolcall-bridge-script)
    (user-error "No bridge at %s; build apps/emacs or set `toolcall-bridge-script'"
                toolcall-bridge-script))
  (let* ((default-directory (or toolcall-workspace default-directory))
         (workspace (expand-file-name default-directory))
         ;; Checked before the process starts: a bad setting starts nothing.
         (parameters (toolcall--initialize-parameters workspace)))
    (when toolcall--restart-timer
      (cancel-timer toolcall--restart-timer)
      (setq toolcall--restart-timer nil))
    (setq toolcall--chunks nil
          toolcall--ready nil
          toolcall--stopping nil
          toolcall--started-at (float-time)
          toolcall--generation (1+ toolcall--generation)
          toolcall-view-directory (file-name-as-directory workspace)
          toolcall--process
          (make-process
           :name "toolcall-bridge"
           :command (append (list toolcall-node-command toolcall-bridge-script)
                            toolcall-bridge-arguments)
           :connection-type 'pipe
           :coding 'utf-8-unix
           :noquery t
           :stderr (get-buffer-create " *toolcall-stderr*")
           :filter #'toolcall--filter
           :sentinel #'toolcall--sentinel))
    (let ((generation toolcall--generation))
      (toolcall--request "initialize" parameters
                         (lambda (result failure)
                           (toolcall--initialized generation result failure))))
    toolcall--process))

(defun toolcall--initialized (generation result failure)
  "Handle the answer to initialize of bridge GENERATION: RESULT or FAILURE."
  (when (= generation toolcall--generation)
    (let ((waiting toolcall--waiting))
      (setq toolcall--waiting nil)
      (if failure
          (let ((process toolcall--process)
                (quiet (or waiting toolcall--stopping)))
            ;; A bridge that refused its settings serves nothing: the next command starts anew.
            (when (process-live-p process)
              (setq toolcall--stopping t)
              (delete-process process))
            ;; Waiting commands report the failure themselves; a stop is no failure.
            (unless quiet
              (message "toolcall: the bridge did not start: %s" (toolcall-error-sentence failure))))
        (setq toolcall--ready t
              toolcall--tools (plist-get result :tools))
        (dolist (warning (plist-get result :warnings))
          (message "toolcall: %s" warning))
        (toolcall--show-recovered (plist-get result :recovered)))
      (dolist (function waiting) (funcall function failure)))))

(defun toolcall--when-ready (function)
  "Call FUNCTION with nil once the bridge is ready, starting it if need be.
When it cannot start, FUNCTION gets the error plist instead.  A bad
setting signals a `user-error' at once."
  (if (and toolcall--ready (process-live-p toolcall--process))
      (funcall function nil)
    (unless (process-live-p toolcall--process) (toolcall--start))
    (setq toolcall--waiting (append toolcall--waiting (list function)))))

(defun toolcall--wait (predicate)
  "Process the bridge's output until (funcall PREDICATE) is non-nil."
  (while (not (funcall predicate))
    (accept-process-output nil 0.05)))

(defun toolcall-live-p ()
  "Return non-nil when the bridge process is running."
  (process-live-p toolcall--process))

(defun toolcall-ensure ()
  "Start the bridge if need be, wait until it is ready; return its process.
Signal `toolcall-rpc-error' when it cannot start.  This waits; commands
use `toolcall--when-ready' instead."
  (unless (and toolcall--ready (process-live-p toolcall--process))
    (let ((done nil) (failure nil))
      (toolcall--when-ready (lambda (error) (setq done t failure error)))
      (toolcall--wait (lambda () done))
      (when failure (signal 'toolcall-rpc-error (toolcall--rpc-error-data failure)))))
  toolcall--process)

;;;###autoload
(defun toolcall-stop ()
  "Stop the bridge: cancel running work and let the process exit.
The scripts it cancels are not recovered when the next bridge starts.
Waits at most `toolcall-stop-timeout' seconds for the bridge to exit,
then kills it."
  (interactive)
  (let ((process toolcall--process))
    (when toolcall--restart-timer
      (cancel-timer toolcall--restart-timer)
      (setq toolcall--restart-timer nil))
    (when (process-live-p process)
      (setq toolcall--stopping t)
      ;; The bridge cancels running work and consumes its checkpoints before it exits.
      (ignore-errors (toolcall--notify "shutdown" '()))
      (process-send-eof process)
      (with-timeout (toolcall-stop-timeout (delete-process process))
        (while (process-live-p process) (accept-process-output process 0.05)))
      ;; The loop ends once the process is gone, which may be before Emacs has read the replies
      ;; it wrote last or run its sentinel: read them now and settle whatever still waits, so
      ;; no request is left pending on a bridge that no longer exists.
      (ignore-errors (accept-process-output process 0))
      (toolcall--sentinel process "stopped\n"))
    (setq toolcall--process nil toolcall--ready nil toolcall--restarts 0)))

;;;###autoload
(defun toolcall-restart ()
  "Stop the bridge and start it again; say in the echo area when it is ready.
Commands given meanwhile wait for it."
  (interactive)
  (toolcall-stop)
  (toolcall--when-ready
   (lambda (failure)
     (if failure
         (message "toolcall: the bridge did not start: %s" (toolcall-error-sentence failure))
       (message "toolcall: the bridge is ready")))))

(add-hook 'kill-emacs-hook #'toolcall-stop)

;;;###autoload
(autoload 'toolcall-executions "toolcall-executions" "List the bridge's executions." t)
;;;###autoload
(autoload 'toolcall-dispatch "toolcall-dispatch" "Run a toolcall command, chosen from a menu." t)
;;;###autoload
(autoload 'toolcall-processes "toolcall-processes"
  "List the processes the bridge manages: background Bash commands and Monitors." t)

;;;; Requests that run scripts and tools

(defun toolcall--submit (method params label callback)
  "Send METHOD with PARAMS once the bridge is ready; return its job.
LABEL says what runs; a job without one is not among the running
scripts `toolcall-stop-script' stops.  CALLBACK gets the result plist
and nil, or nil and an error plist."
  (let ((job (toolcall--job-create :label label :buffer (current-buffer))))
    (cl-flet ((finish (result failure)
                (setq toolcall--jobs (delq job toolcall--jobs))
                (funcall callback result failure)))
      (when label (push job toolcall--jobs))
      (condition-case err
          (toolcall--when-ready
           (lambda (failure)
             (cond
              (failure (finish nil failure))
              ((toolcall--job-cancelled job)
               (finish nil (list :code toolcall--cancelled-code :message "Request cancelled")))
              (t (setf (toolcall--job-id job)
                       (toolcall--request method params #'finish))))))
        (error (setq toolcall--jobs (delq job toolcall--jobs))
               (signal (car err) (cdr err)))))
    job))

(defun toolcall-cancel (job)
  "Stop JOB, a script or tool call started by a toolcall command or function.
Its callback then gets the cancellation error."
  (if (and (toolcall--job-id job) (process-live-p toolcall--process))
      (toolcall--notify "$/cancelRequest" (list :id (toolcall--job-id job)))
    (setf (toolcall--job-cancelled job) t)))

(defun toolcall--submit-sync (method params label)
  "Send METHOD with PARAMS, labelled LABEL, and wait for its result.
Signal `toolcall-rpc-error' on an error; quitting cancels the request."
  (let* ((done nil) result failure
         (job (toolcall--submit method params label
                                (lambda (value error)
                                  (setq done t result value failure error)))))
    (condition-case nil
        (toolcall--wait (lambda () done))
      (quit
       (toolcall-cancel job)
       (signal 'quit nil)))
    (when failure
      (signal 'toolcall-rpc-error (toolcall--rpc-error-data failure)))
    result))

(defun toolcall--request-sync (method params)
  "Send METHOD with PARAMS and wait for its result.
Quitting while waiting cancels the request in the bridge."
  (toolcall--submit-sync method params nil))

(defun toolcall--settled (result)
  "Draw RESULT, the result plist of a script or tool call, at once; return it.
Its last tree may still wait for a throttled redraw."
  (let ((tree (plist-get result :tree))
        (execution (plist-get result :executionId)))
    (when (and tree execution)
      (toolcall-view-update (toolcall--view-key execution) tree)))
  (toolcall-view-flush)
  result)

(defun toolcall--one-line (text)
  "Return TEXT on one line, cut to 60 characters."
  (let ((flat (string-trim (replace-regexp-in-string
                            "[ \t\n]+" " " (substring text 0 (min (length text) 200))))))
    (if (> (length flat) 60) (concat (substring flat 0 59) "…") flat)))

(defun toolcall--echo-text (value)
  "Return VALUE, a result, cut for the echo area.
It keeps `toolcall-echo-max-lines' lines and 2000 characters at most."
  (let* ((text (if (stringp value)
                   value
                 (condition-case nil
                     (json-serialize value :null-object nil :false-object :false)
                   (error (format "%S" value)))))
         (position -1)
         (cut nil))
    (dotimes (_ (max 1 toolcall-echo-max-lines))
      (when position (setq position (string-search "\n" text (1+ position)))))
    (when position (setq cut position))
    (when (> (or cut (length text)) 2000) (setq cut 2000))
    (if cut
        (format "%s\n… (the whole result is in %s)" (substring text 0 cut)
                toolcall-view-buffer-name)
      text)))

(defun toolcall--show-outcome (result failure)
  "Show RESULT or FAILURE of a command's script or tool call in the echo area."
  (cond
   (failure (message "toolcall: %s" (toolcall-error-sentence failure)))
   ((equal (plist-get result :status) "success")
    (message "%s" (toolcall--echo-text (plist-get result :result))))
   (t (message "toolcall: %s" (toolcall--echo-text (plist-get result :result))))))

(defun toolcall-run-expression-async (expression callback)
  "Run the ToolCall script EXPRESSION; call CALLBACK when it settles.
CALLBACK gets the result plist (:executionId, :status, :result and
:tree) and nil, or nil and an error plist (:code, :message), which
`toolcall-error-sentence' puts in words.  Return the job, which
`toolcall-cancel' stops.  The *toolcall* buffer draws the script as it
runs."
  (toolcall--submit "toolcall/run" (list :expression expression)
                    (toolcall--one-line expression)
                    (lambda (result failure)
                      (toolcall--settled result)
                      (funcall callback result failure))))

(defun toolcall-run-expression-sync (expression)
  "Run the ToolCall script EXPRESSION and wait for it; return the result plist.
The plist has :executionId, :status, :result and :tree.  Signal
`toolcall-rpc-error', with a sentence and the JSON-RPC code, when the
bridge fails the request.  This blocks Emacs until the script settles;
\\[keyboard-quit] stops it.  For Lisp and batch use: the commands do
not wait."
  (unwind-protect
      (toolcall--settled (toolcall--submit-sync "toolcall/run" (list :expression expression)
                                                (toolcall--one-line expression)))
    (toolcall-view-flush)))

;;;###autoload
(defun toolcall-run-expression (expression)
  "Run the ToolCall script EXPRESSION and show it in the *toolcall* buffer.
Return at once, with the job (see `toolcall-cancel'); the result is
shown in the echo area when the script settles.
\\[toolcall-stop-script] stops it.  `toolcall-run-expression-sync'
waits instead."
  (interactive "sToolCall expression: ")
  (toolcall-view-display)
  (toolcall-run-expression-async expression #'toolcall--show-outcome))

;;;###autoload
(defun toolcall-eval-last-sexp ()
  "Run the ToolCall form before point.
The result goes to the echo area."
  (interactive)
  (toolcall-run-expression
   (buffer-substring-no-properties (save-excursion (backward-sexp) (point)) (point))))

;;;###autoload
(defun toolcall-eval-region (start end)
  "Run the ToolCall script between START and END.
The result goes to the echo area."
  (interactive "r")
  (toolcall-run-expression (buffer-substring-no-properties start end)))

;;;###autoload
(defun toolcall-run-buffer ()
  "Run the whole buffer as one ToolCall script.
The result goes to the echo area."
  (interactive)
  (toolcall-eval-region (point-min) (point-max)))

;;;###autoload
(defun toolcall-stop-script (&optional all)
  "Stop each script and tool call started from this buffer.
When none was, stop the one started last.  With a prefix argument ALL,
stop every one that runs."
  (interactive "P")
  (let ((jobs (if all
                  toolcall--jobs
                (or (seq-filter (lambda (job) (eq (toolcall--job-buffer job) (current-buffer)))
                                toolcall--jobs)
                    (and toolcall--jobs (list (car toolcall--jobs)))))))
    (unless jobs (user-error "No ToolCall script or tool call is running"))
    (mapc #'toolcall-cancel jobs)
    (message "toolcall: stopping %s"
             (mapconcat #'toolcall--job-label jobs ", "))))

(defun toolcall--read-argument (argument)
  "Prompt for ARGUMENT, a plist from tools/list; return its JSON value or nil."
  (let* ((name (plist-get argument :name))
         (type (plist-get argument :type))
         (choices (plist-get argument :enum))
         (prompt (format "%s (%s%s): " name type
                         (if (plist-get argument :required) "" ", optional")))
         (text (if choices
                   (completing-read prompt (mapcar (lambda (c) (format "%s" c)) choices))
                 (read-string prompt))))
    (cond ((string-empty-p text) nil)
          ((member type '("number" "integer")) (string-to-number text))
          ((equal type "boolean") (if (member text '("t" "true" "yes" "y")) t :false))
          ((string-prefix-p "string" type) text)
          (t (json-parse-string text :object-type 'plist :array-type 'array)))))

(defun toolcall-call-tool-async (name arguments callback)
  "Call the tool NAME with ARGUMENTS, a plist; call CALLBACK when it settles.
CALLBACK gets the result plist and nil, or nil and an error plist, as
for `toolcall-run-expression-async'.  Return the job."
  (toolcall--submit "tools/call" (list :name name :arguments arguments) name
                    (lambda (result failure)
                      (toolcall--settled result)
                      (funcall callback result failure))))

(defun toolcall-call-tool-sync (name arguments)
  "Call the tool NAME with ARGUMENTS, a plist, wait and return the result plist.
Signal `toolcall-rpc-error' when the bridge fails the request; this
blocks Emacs until the call settles (\\[keyboard-quit] stops it)."
  (unwind-protect
      (toolcall--settled
       (toolcall--submit-sync "tools/call" (list :name name :arguments arguments) name))
    (toolcall-view-flush)))

;;;###autoload
(defun toolcall-call-tool (name arguments)
  "Call the tool NAME with ARGUMENTS, a plist, and show it in *toolcall*.
Interactively, complete over the bridge's tools and prompt per argument.
Return at once, with the job; the result goes to the echo area."
  (interactive
   (let* ((tools (plist-get (toolcall--user-errors (toolcall--request-sync "tools/list" '()))
                            :tools))
          (name (completing-read "Tool: " (mapcar (lambda (tool) (plist-get tool :name)) tools)
                                 nil t))
          (tool (seq-find (lambda (tool) (equal (plist-get tool :name) name)) tools))
          (arguments '()))
     (dolist (argument (plist-get tool :arguments))
       (let ((value (toolcall--read-argument argument)))
         (when value
           (setq arguments (plist-put arguments (intern (concat ":" (plist-get argument :name)))
                                      value)))))
     (list name arguments)))
  (toolcall-view-display)
  (toolcall-call-tool-async name arguments #'toolcall--show-outcome))

;;;###autoload
(defun toolcall-show ()
  "Show the *toolcall* buffer and select it."
  (interactive)
  (pop-to-buffer (toolcall-view--buffer)))

;;;; Keys

;;;###autoload
(defvar toolcall-command-map
  (let ((map (make-sparse-keymap)))
    (define-key map "e" #'toolcall-eval-last-sexp)
    (define-key map "r" #'toolcall-eval-region)
    (define-key map "b" #'toolcall-run-buffer)
    (define-key map "x" #'toolcall-run-expression)
    (define-key map "t" #'toolcall-call-tool)
    (define-key map "k" #'toolcall-stop-script)
    (define-key map "v" #'toolcall-show)
    (define-key map "l" #'toolcall-executions)
    (define-key map "p" #'toolcall-processes)
    (define-key map "m" #'toolcall-dispatch)
    (define-key map "R" #'toolcall-restart)
    (define-key map "Q" #'toolcall-stop)
    map)
  "Prefix keymap of the toolcall commands; not bound to any key by default.
Bind it under a prefix of your choice, for instance
  (global-set-key (kbd \"C-c t\") \\='toolcall-command-map)
\\{toolcall-command-map}")
;;;###autoload
(defalias 'toolcall-command-map toolcall-command-map)

(defvar toolcall-script-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "C-c C-c") #'toolcall-run-buffer)
    (define-key map (kbd "C-c C-r") #'toolcall-eval-region)
    (define-key map (kbd "C-c C-e") #'toolcall-eval-last-sexp)
    (define-key map (kbd "C-c C-k") #'toolcall-stop-script)
    map)
  "Keymap of `toolcall-script-mode'.")

;;;###autoload
(define-minor-mode toolcall-script-mode
  "Run the buffer, or a part of it, as ToolCall scripts.
\\<toolcall-script-mode-map>\\[toolcall-run-buffer] runs the buffer, \\[toolcall-eval-region] the region,
\\[toolcall-eval-last-sexp] the form before point; \\[toolcall-stop-script] stops the
scripts started from this buffer.
\\{toolcall-script-mode-map}"
  :lighter " ToolCall"
  :keymap toolcall-script-mode-map)

(provide 'toolcall)
;;; toolcall.el ends here
