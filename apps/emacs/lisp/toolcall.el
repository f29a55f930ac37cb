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
;; `toolcall-run-buffer', `toolcall-call-tool' and `toolcall-executions'.
;; Results are drawn in the *toolcall* buffer (see `toolcall-view-mode').

;;; Code:

(require 'cl-lib)
(require 'json)
(require 'seq)
(require 'toolcall-view)
(require 'toolcall-host)

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
  "How many times the bridge is restarted after crashes before giving up."
  :type 'natnum
  :package-version '(toolcall . "0.1.0"))

(defcustom toolcall-stop-timeout 3
  "Seconds `toolcall-stop' waits for the bridge to exit before killing it.
The bridge cancels running scripts and removes their checkpoints first;
a bridge killed at this limit leaves them to be drawn interrupted when the
next one starts."
  :type 'number
  :package-version '(toolcall . "0.1.0"))

(define-error 'toolcall-error "toolcall error")
(define-error 'toolcall-rpc-error "toolcall bridge error" 'toolcall-error)

(defvar toolcall--process nil "The running bridge process, or nil.")
(defvar toolcall--partial "" "Bytes of an incomplete line read from the bridge.")
(defvar toolcall--pending (make-hash-table :test #'eql)
  "Callbacks of requests sent to the bridge, by request id.")
(defvar toolcall--next-id 0 "The last request id sent to the bridge.")
(defvar toolcall--stopping nil "Non-nil while `toolcall-stop' shuts the bridge down.")
(defvar toolcall--restarts 0 "Restarts since the bridge last started cleanly.")
(defvar toolcall--tools nil "Tool names the bridge reported at initialize.")
(defvar toolcall-last-progress nil "The latest progress notification of a running script.")
(defvar toolcall--generation 0
  "How many times the bridge has started; execution ids restart with each bridge.")

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

(defun toolcall--request-sync (method params)
  "Send METHOD with PARAMS and wait for its result.
Quitting while waiting cancels the request in the bridge."
  (toolcall-ensure)
  (let* ((done nil) result failure
         (id (toolcall--request method params
                                (lambda (value err)
                                  (setq done t result value failure err)))))
    (condition-case nil
        (while (not done) (accept-process-output nil 0.05))
      (quit
       (when (process-live-p toolcall--process)
         (toolcall--notify "$/cancelRequest" (list :id id)))
       (signal 'quit nil)))
    (when failure
      (signal 'toolcall-rpc-error
              (list (plist-get failure :message) (plist-get failure :code))))
    result))

(defun toolcall--reply (id result)
  "Answer the bridge's request ID with RESULT."
  (when (process-live-p toolcall--process)
    (toolcall--send (list :id id :result result))))

(defun toolcall--filter (_process output)
  "Split OUTPUT from the bridge into lines and dispatch each message."
  (let ((lines (split-string (concat toolcall--partial output) "\n")))
    (setq toolcall--partial (car (last lines)))
    (dolist (line (butlast lines))
      (unless (string-empty-p line)
        (condition-case err
            (toolcall--dispatch
             (json-parse-string line :object-type 'plist :array-type 'list
                                :null-object nil :false-object nil))
          (json-error (message "toolcall: unreadable bridge line: %S" err)))))))

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

(defun toolcall--on-notification (method params)
  "Handle the notification METHOD with PARAMS."
  (pcase method
    ("toolcall/render"
     ;; A restarted bridge numbers executions from e1 again: keep older trees apart.
     (toolcall-view-update (format "%d:%s" toolcall--generation (plist-get params :executionId))
                           (plist-get params :tree)))
    ("toolcall/progress" (setq toolcall-last-progress params))))

(defun toolcall--answer (id method params)
  "Answer the bridge's request ID for METHOD with PARAMS."
  (condition-case err
      (pcase method
        ("permission/ask"
         (toolcall--reply id (list :answer (toolcall-host-ask-permission params))))
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
      (funcall callback nil (list :code -32099 :message reason)))))

(defun toolcall--sentinel (process event)
  "Restart the bridge PROCESS after an unexpected EVENT."
  (unless (process-live-p process)
    (when (eq process toolcall--process)
      (setq toolcall--process nil)
      (toolcall--fail-pending (format "Bridge exited: %s" (string-trim event)))
      ;; Nothing will settle the dead bridge's calls.
      (toolcall-view-interrupt (format "%d:" toolcall--generation))
      (cond
       (toolcall--stopping nil)
       ((< toolcall--restarts toolcall-restart-limit)
        (cl-incf toolcall--restarts)
        (message "toolcall: bridge exited (%s), restarting" (string-trim event))
        (run-at-time 0 nil #'toolcall-ensure))
       (t (message "toolcall: bridge keeps exiting; see %s" " *toolcall-stderr*"))))))

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
                :toolCall (toolcall--tool-call-settings))
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
  "Start the bridge process and initialize it."
  (unless (file-exists-p toolcall-bridge-script)
    (user-error "No bridge at %s; build apps/emacs or set `toolcall-bridge-script'"
                toolcall-bridge-script))
  (let* ((default-directory (or toolcall-workspace default-directory))
         ;; Checked before the process starts: a bad setting starts nothing.
         (parameters (toolcall--initialize-parameters (expand-file-name default-directory))))
    (setq toolcall--partial ""
          toolcall--generation (1+ toolcall--generation)
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
    (let ((result (toolcall--request-sync "initialize" parameters)))
      (setq toolcall--tools (plist-get result :tools))
      (dolist (warning (plist-get result :warnings))
        (message "toolcall: %s" warning))
      (toolcall--show-recovered (plist-get result :recovered))
      toolcall--process)))

(defun toolcall-live-p ()
  "Return non-nil when the bridge process is running."
  (process-live-p toolcall--process))

(defun toolcall-ensure ()
  "Start the bridge unless it is running; return its process."
  (if (process-live-p toolcall--process)
      toolcall--process
    (setq toolcall--stopping nil)
    (toolcall--start)))

;;;###autoload
(defun toolcall-stop ()
  "Stop the bridge: cancel running work and let the process exit.
The scripts it cancels are not recovered when the next bridge starts.
Waits at most `toolcall-stop-timeout' seconds for the bridge to exit,
then kills it."
  (interactive)
  (let ((process toolcall--process))
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
    (setq toolcall--process nil toolcall--restarts 0)))

;;;###autoload
(defun toolcall-restart ()
  "Stop and start the bridge again."
  (interactive)
  (toolcall-stop)
  (toolcall-ensure))

(add-hook 'kill-emacs-hook #'toolcall-stop)

;;;###autoload
(autoload 'toolcall-executions "toolcall-executions" "List the bridge's executions." t)

;;;; Commands

;;;###autoload
(defun toolcall-run-expression (expression)
  "Run the ToolCall script EXPRESSION and show it in the *toolcall* buffer.
Return the result plist; \\[keyboard-quit] stops the running script."
  (interactive "sToolCall expression: ")
  (toolcall-ensure)
  (toolcall-view-display)
  (let ((result (toolcall--request-sync "toolcall/run" (list :expression expression))))
    (when (called-interactively-p 'interactive)
      (message "%s" (plist-get result :result)))
    result))

;;;###autoload
(defun toolcall-eval-last-sexp ()
  "Run the ToolCall form before point."
  (interactive)
  (toolcall-run-expression
   (buffer-substring-no-properties (save-excursion (backward-sexp) (point)) (point))))

;;;###autoload
(defun toolcall-eval-region (start end)
  "Run the ToolCall script between START and END."
  (interactive "r")
  (toolcall-run-expression (buffer-substring-no-properties start end)))

;;;###autoload
(defun toolcall-run-buffer ()
  "Run the whole buffer as one ToolCall script."
  (interactive)
  (toolcall-eval-region (point-min) (point-max)))

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

;;;###autoload
(defun toolcall-call-tool (name arguments)
  "Call the tool NAME with ARGUMENTS, a plist, and show it in *toolcall*.
Interactively, complete over the bridge's tools and prompt per argument."
  (interactive
   (let* ((tools (plist-get (toolcall--request-sync "tools/list" '()) :tools))
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
  (toolcall-ensure)
  (toolcall-view-display)
  (let ((result (toolcall--request-sync "tools/call" (list :name name :arguments arguments))))
    (when (called-interactively-p 'interactive)
      (message "%s" (plist-get result :result)))
    result))

(provide 'toolcall)
;;; toolcall.el ends here
