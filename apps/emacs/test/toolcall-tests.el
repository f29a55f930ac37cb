;;; toolcall-tests.el --- ERT tests against the real bridge  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The toolcall authors
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; Every test starts the real bridge (dist/bridge.js, built first) with the
;; fixture tools of test/fixtures/fs-tools.mjs (Read, Grep, Wait, Gate) in a
;; temporary workspace, and stops it afterwards.

;;; Code:

(require 'ert)
(require 'toolcall)
(require 'toolcall-executions)

(defvar toolcall-test--root
  (expand-file-name ".." (file-name-directory (or load-file-name buffer-file-name))))

(defvar toolcall-test--flag nil "Set by EmacsEval in the permission test.")

(defun toolcall-test--wait-until (predicate)
  "Process events until PREDICATE returns non-nil; fail after 30 seconds."
  (with-timeout (30 (ert-fail "timed out waiting"))
    (while (not (funcall predicate)) (accept-process-output nil 0.05))))

(defmacro toolcall-test--with-bridge (&rest body)
  "Run BODY with a fresh bridge in a temporary workspace bound to `dir'.
Its checkpoints go to a temporary `toolcall-state-directory'."
  (declare (indent 0) (debug t))
  `(let* ((dir (file-name-as-directory (make-temp-file "toolcall-test-" t)))
          (toolcall-workspace dir)
          (toolcall-state-directory (file-name-as-directory
                                     (make-temp-file "toolcall-state-" t)))
          (toolcall-bridge-script (expand-file-name "dist/bridge.js" toolcall-test--root))
          ;; A loaded machine may take longer than a user would wait for a clean exit.
          (toolcall-stop-timeout 30)
          (toolcall-bridge-arguments
           (list "--tools-module"
                 (expand-file-name "test/fixtures/fs-tools.mjs" toolcall-test--root))))
     (ignore dir)
     (with-temp-file (expand-file-name "a.txt" dir) (insert "alpha\nbeta\n"))
     (with-temp-file (expand-file-name "b.txt" dir) (insert "gamma\nalphabet\n"))
     (when (get-buffer toolcall-view-buffer-name) (kill-buffer toolcall-view-buffer-name))
     (unwind-protect
         (progn (toolcall-ensure) ,@body)
       (toolcall-stop)
       (delete-directory dir t)
       (delete-directory toolcall-state-directory t))))

(defun toolcall-test--view-text ()
  "Return the view buffer's text."
  (with-current-buffer toolcall-view-buffer-name (buffer-string)))

(ert-deftest toolcall-test-script-view ()
  "A script with nested Read and Grep calls draws foldable rows."
  (toolcall-test--with-bridge
    (let ((result (toolcall-run-expression
                   (format "(list (Read :file_path \"%sa.txt\") (Grep :pattern \"alpha\" :path \"%s\"))"
                           dir dir))))
      (should (equal (plist-get result :status) "success"))
      (should (string-match-p "1\talpha" (plist-get result :result)))
      (let ((text (toolcall-test--view-text)))
        (should (string-match-p "^▾ ToolCall: " text))
        (should (string-match-p (concat "^  ▸ Read: " (regexp-quote dir) "a.txt$") text))
        (should (string-match-p "^  ▸ Grep \"alpha\"" text))
        ;; The Read row starts closed: its body is not drawn.
        (should-not (string-match-p "^      1\talpha$" text)))
      (with-current-buffer toolcall-view-buffer-name
        (goto-char (point-min))
        (re-search-forward "^  ▸ Read")
        (toolcall-view-toggle)
        (should (string-match-p "^  ▾ Read: .*\n      1\talpha\n      2\tbeta\n" (buffer-string)))
        (toolcall-view-toggle)
        (should-not (string-match-p "^      1\talpha$" (buffer-string)))
        ;; Closing the envelope hides every child row.
        (goto-char (point-min))
        (toolcall-view-toggle)
        (should (equal (buffer-string) (concat (buffer-substring (point-min) (line-end-position)) "\n")))
        (should (string-match-p "^▸ ToolCall: " (buffer-string)))))))

(ert-deftest toolcall-test-hosted-tool-from-script ()
  "A ToolCall script calls tools that Emacs hosts; describing a symbol asks first."
  (toolcall-test--with-bridge
    (let ((prompts '()) (answer ?y))
      (cl-letf (((symbol-function 'read-multiple-choice)
                 (lambda (prompt choices &rest _)
                   (push prompt prompts)
                   (assq answer choices))))
        (let ((result (toolcall-run-expression
                       "(list (EmacsFind :pattern \"^toolcall-run-buffer$\") (EmacsDescribe :symbol \"toolcall-run-buffer\"))")))
          (should (equal (plist-get result :status) "success"))
          (should (string-match-p "toolcall-run-buffer" (plist-get result :result)))
          (should (string-match-p "Run the whole buffer as one ToolCall script"
                                  (plist-get result :result)))
          (should (string-match-p "EmacsFind" (toolcall-test--view-text)))
          ;; Only the description, which can carry a variable's value, was asked about.
          (should (= (length prompts) 1))
          (should (string-match-p "\\`Allow EmacsDescribe " (car prompts))))
        (setq answer ?n)
        (let ((result (toolcall-run-expression
                       "(EmacsDescribe :symbol \"toolcall-run-buffer\")")))
          (should (equal (plist-get result :status) "error"))
          (should-not (string-match-p "Run the whole buffer" (plist-get result :result))))))))

(ert-deftest toolcall-test-buffers-tool ()
  "EmacsBuffers returns a buffer with line numbers."
  (should (equal (with-temp-buffer
                   (rename-buffer "toolcall-test-buffer" t)
                   (insert "one\ntwo")
                   (toolcall-host-call "EmacsBuffers" (list :buffer (buffer-name))))
                 '(:result "     1\tone\n     2\ttwo" :status "success"))))

(ert-deftest toolcall-test-permission-prompt ()
  "EmacsEval asks in the minibuffer; allow runs it and deny refuses it."
  (toolcall-test--with-bridge
    (let ((prompts '()) (answer ?y))
      (cl-letf (((symbol-function 'read-multiple-choice)
                 (lambda (prompt choices &rest _)
                   (push prompt prompts)
                   (assq answer choices))))
        (setq toolcall-test--flag nil)
        (let ((result (toolcall-run-expression
                       "(EmacsEval :form \"(setq toolcall-test--flag 42)\")")))
          (should (equal (plist-get result :result) "42"))
          (should (equal toolcall-test--flag 42))
          (should (string-match-p "\\`Allow EmacsEval " (car prompts))))
        (setq answer ?n)
        (let ((result (toolcall-run-expression
                       "(EmacsEval :form \"(setq toolcall-test--flag 7)\")")))
          (should (equal (plist-get result :status) "error"))
          (should (equal toolcall-test--flag 42))
          (should (= (length prompts) 2)))))))

(ert-deftest toolcall-test-risky-local-variables ()
  "A workspace's .dir-locals.el never sets what widens the bridge's authority."
  (dolist (variable '(toolcall-node-command toolcall-bridge-script
                      toolcall-bridge-arguments toolcall-workspace
                      toolcall-sandbox-mode toolcall-state-directory
                      toolcall-host-tools toolcall-host-custom-tools
                      toolcall-host-permission-function))
    (should (risky-local-variable-p variable))))

(ert-deftest toolcall-test-crash-restart ()
  "A killed bridge is restarted and serves again."
  (toolcall-test--with-bridge
    (let ((old toolcall--process))
      (signal-process old 'KILL)
      (toolcall-test--wait-until (lambda () (and (toolcall-live-p) (not (eq toolcall--process old)))))
      (should (member "Read" (mapcar (lambda (tool) (plist-get tool :name))
                                     (plist-get (toolcall--request-sync "tools/list" '()) :tools)))))))

(ert-deftest toolcall-test-quit-cancels-script ()
  "Quitting while a script runs stops it in the bridge."
  (toolcall-test--with-bridge
    (let* ((live-view nil)
           (timer (run-with-timer
                  0.05 0.05
                  (lambda ()
                    (when (and (not live-view)
                               (get-buffer toolcall-view-buffer-name)
                               (string-match-p "^  . Wait" (toolcall-test--view-text)))
                      (setq live-view (toolcall-test--view-text))
                      (setq quit-flag t))))))
      (unwind-protect
          (should (eq (condition-case nil
                          (progn (toolcall-run-expression "(list 1 (Wait))") 'finished)
                        (quit 'quit))
                      'quit))
        (cancel-timer timer))
      ;; The view was updated live while the script ran.
      (should (string-match-p "^▾ ToolCall: 1 call (running)" live-view))
      (toolcall-test--wait-until
       (lambda ()
         (equal (mapcar (lambda (execution) (plist-get execution :status))
                        (plist-get (toolcall--request-sync "executions/list" '()) :executions))
                '("cancelled"))))
      (toolcall-executions)
      (should (string-match-p "ToolCall +cancelled"
                              (with-current-buffer "*toolcall executions*" (buffer-string)))))))

(ert-deftest toolcall-test-parallel-batch ()
  "Calls of one parallel join are drawn as a bracketed batch."
  (toolcall-test--with-bridge
    (toolcall-run-expression
     (format "(parallel (Read :file_path \"%sa.txt\") (Read :file_path \"%sb.txt\"))" dir dir))
    (let ((text (toolcall-test--view-text)))
      (should (string-match-p (concat "^  ┌ ▸ Read: " (regexp-quote dir) "a.txt$") text))
      (should (string-match-p (concat "^  └ ▸ Read: " (regexp-quote dir) "b.txt$") text)))))

(ert-deftest toolcall-test-ask-questionnaire ()
  "Ask questions are answered through `completing-read'."
  (toolcall-test--with-bridge
    (let ((prompts '()))
      (cl-letf (((symbol-function 'completing-read)
                 (lambda (prompt collection &rest _)
                   (push (cons prompt collection) prompts)
                   "blue")))
        (let ((result (toolcall-call-tool
                       "Ask"
                       (list :questions
                             (vector (list :question "Which colour?"
                                           :options (vector (list :label "red")
                                                            (list :label "blue"))))))))
          (should (equal (plist-get result :status) "success"))
          (should (string-match-p "blue" (plist-get result :result)))
          (should (equal prompts '(("Which colour? " "red" "blue")))))))))

(ert-deftest toolcall-test-malformed-arguments ()
  "A bridge error arrives as a `toolcall-rpc-error' and the bridge keeps serving."
  (toolcall-test--with-bridge
    (should (equal (cdr (should-error (toolcall--request-sync "no/such" '())
                                      :type 'toolcall-rpc-error))
                   '("Method not found: no/such" -32601)))
    (should (equal (plist-get (toolcall-run-expression "(+ 1 2)") :result) "3"))))

(ert-deftest toolcall-test-buffer-commands ()
  "The last sexp and the whole buffer run as ToolCall scripts."
  (toolcall-test--with-bridge
    (with-temp-buffer
      (insert "(+ 1 2)")
      (should (equal (plist-get (toolcall-eval-last-sexp) :result) "3"))
      (erase-buffer)
      (insert (format "(Read :file_path \"%sb.txt\")" dir))
      (should (equal (plist-get (toolcall-run-buffer) :result) "1\tgamma\n2\talphabet")))))

(ert-deftest toolcall-test-call-tool-prompts ()
  "`toolcall-call-tool' completes tool names and prompts once per argument."
  (toolcall-test--with-bridge
    (let ((prompts '()))
      (cl-letf (((symbol-function 'completing-read)
                 (lambda (prompt collection &rest _)
                   (push prompt prompts)
                   (should (member "Grep" collection))
                   "Grep"))
                ((symbol-function 'read-string)
                 (lambda (prompt &rest _)
                   (push prompt prompts)
                   (if (string-prefix-p "pattern" prompt) "^gam" dir))))
        (let ((result (call-interactively #'toolcall-call-tool)))
          (should (equal (plist-get result :result) (concat dir "b.txt\n1:gamma")))
          (should (equal (reverse prompts)
                         '("Tool: " "pattern (string): " "path (string): "))))))))

(ert-deftest toolcall-test-executions-stop ()
  "The executions list polls the bridge and `k' stops the execution at point."
  (toolcall-test--with-bridge
    (let ((settled nil))
      (toolcall--request "toolcall/run" '(:expression "(Wait)")
                         (lambda (_result error) (setq settled error)))
      (toolcall-test--wait-until
       (lambda ()
         (equal (mapcar (lambda (execution) (plist-get execution :status))
                        (plist-get (toolcall--request-sync "executions/list" '()) :executions))
                '("running"))))
      (toolcall-executions)
      (with-current-buffer "*toolcall executions*"
        (goto-char (point-min))
        (should (string-match-p "e1 +ToolCall +running" (buffer-string)))
        (toolcall-executions-stop)
        (toolcall-test--wait-until (lambda () settled))
        (should (equal (plist-get settled :code) -32800))
        (revert-buffer)
        (should (string-match-p "e1 +ToolCall +cancelled" (buffer-string)))))))

(ert-deftest toolcall-test-clean-stop ()
  "`toolcall-stop' lets the bridge exit with status 0 and does not restart it."
  (toolcall-test--with-bridge
    (let ((process toolcall--process))
      (toolcall-stop)
      (should (eq (process-status process) 'exit))
      (should (= (process-exit-status process) 0))
      (should-not (toolcall-live-p)))))

(ert-deftest toolcall-test-error-row ()
  "A failed nested call is drawn closed, with the error sign and face."
  (toolcall-test--with-bridge
    (toolcall-run-expression (format "(list (Read :file_path \"%smissing.txt\") 1)" dir))
    (with-current-buffer toolcall-view-buffer-name
      (goto-char (point-min))
      (should (re-search-forward "^  ▸ × " nil t))
      (should (eq (get-text-property (point) 'face) 'error)))))

(ert-deftest toolcall-test-denied-row ()
  "A nested call the person denies is drawn closed, with the denied sign and the error face."
  (toolcall-test--with-bridge
    (cl-letf (((symbol-function 'read-multiple-choice)
               (lambda (_prompt choices &rest _) (assq ?n choices))))
      (setq toolcall-test--flag nil)
      (let ((result (toolcall-run-expression
                     "(list (EmacsEval :form \"(setq toolcall-test--flag 7)\") 1)")))
        (should (equal (plist-get result :status) "error"))
        (should-not toolcall-test--flag))
      (with-current-buffer toolcall-view-buffer-name
        (goto-char (point-min))
        (should (looking-at-p "▾ × ToolCall: 1 call (1 denied)"))
        (should (re-search-forward "^  ▸ ⊗ EmacsEval" nil t))
        (should (eq (get-text-property (match-beginning 0) 'face) nil))
        (should (eq (get-text-property (- (point) (length "EmacsEval")) 'face) 'error))
        ;; Closed: the denial's text is not drawn under it.
        (should-not (string-match-p "^ +Error: Permission denied" (buffer-string)))))))

(ert-deftest toolcall-test-interrupted-row ()
  "An interrupted row is drawn with its own sign and the shadow face."
  (when (get-buffer toolcall-view-buffer-name) (kill-buffer toolcall-view-buffer-name))
  (let ((row (lambda (id status header expanded children)
               (list :kind "row" :id id :tool "Bash" :header header :status status
                     :expandable t :expanded expanded :count 1 :body "" :children children))))
    (toolcall-view-update
     "e9"
     (list :version 1
           :items (list (funcall row "E" "interrupted" "ToolCall: 2 calls (1 interrupted)" t
                                 (list (funcall row "E/1" "cancelled" "Bash stop" nil nil)
                                       (funcall row "E/2" "interrupted" "Bash sleep 30" nil nil))))
           :warnings nil))
    (with-current-buffer toolcall-view-buffer-name
      (should (equal (buffer-string)
                     (concat "▾ ↯ ToolCall: 2 calls (1 interrupted)\n"
                             "  ▸ ⊘ Bash stop\n"
                             "  ▸ ↯ Bash sleep 30\n")))
      (goto-char (point-min))
      (re-search-forward "Bash sleep 30")
      (should (eq (get-text-property (match-beginning 0) 'face) 'shadow)))
    (kill-buffer toolcall-view-buffer-name)))

(ert-deftest toolcall-test-custom-tool ()
  "A tool defined in Lisp is callable from a composed script as emacs/NAME."
  (let ((toolcall-host-custom-tools nil))
    (toolcall-define-tool "Upcase" "Upcases text." '((text "string" "The text."))
                          (lambda (arguments) (upcase (plist-get arguments :text)))
                          t)
    (toolcall-test--with-bridge
      (should (equal (plist-get (toolcall-run-expression "(list (emacs/Upcase :text \"abc\") 1)")
                                :result)
                     "(\"ABC\" 1)")))))

(ert-deftest toolcall-test-queued-rows ()
  "Calls waiting for a parallel slot are drawn queued, then running, under the live aggregate."
  (let ((toolcall-parallelism 1))
    (toolcall-test--with-bridge
      (let ((gate1 (expand-file-name "gate1" dir))
            (gate2 (expand-file-name "gate2" dir))
            (settled nil))
        (toolcall--request "toolcall/run"
                           (list :expression (format "(parallel (Gate :file %S) (Gate :file %S))"
                                                     gate1 gate2))
                           (lambda (result _error) (setq settled result)))
        (toolcall-test--wait-until
         (lambda () (and (get-buffer toolcall-view-buffer-name)
                         (string-match-p "Gate (queued)" (toolcall-test--view-text)))))
        (let ((text (toolcall-test--view-text)))
          (should (string-match-p "^▾ ToolCall: .*\\[Gate · 0 done · 1 queued\\]" text))
          (should (string-match-p (concat "^  ┌ . Gate: " (regexp-quote gate1) "$") text))
          ;; A queued row has nothing to open yet.
          (should (string-match-p "^  └ · Gate (queued)$" text)))
        (with-temp-file gate1)
        (toolcall-test--wait-until
         (lambda () (not (string-match-p "(queued)" (toolcall-test--view-text)))))
        (let ((text (toolcall-test--view-text)))
          (should (string-match-p "^▾ ToolCall: .*\\[Gate · 1 done\\]" text))
          (should (string-match-p (concat "^  └ . Gate: " (regexp-quote gate2) "$") text)))
        (with-temp-file gate2)
        (toolcall-test--wait-until (lambda () settled))
        (should (equal (plist-get settled :status) "success"))
        ;; Settled: the aggregate is gone from the header.
        (should-not (string-match-p "\\[Gate" (toolcall-test--view-text)))))))

(ert-deftest toolcall-test-bad-settings ()
  "A bad ToolCall setting is a `user-error' naming it, and starts no bridge."
  (dolist (case '((toolcall-parallelism 0
                   "`toolcall-parallelism' must be an integer of at least 1, got 0")
                  (toolcall-returned-line-threshold -1
                   "`toolcall-returned-line-threshold' must be an integer of at least 0, got -1")
                  (toolcall-limits ((speed . 3))
                   "`toolcall-limits' names no budget speed; expected one of script-bytes, ")
                  (toolcall-limits ((wall-time . 0))
                   "`toolcall-limits' gives wall-time 0; expected a positive number")
                  (toolcall-limits 7
                   "`toolcall-limits' must be an alist of (BUDGET . NUMBER), got 7")
                  (toolcall-state-directory 3
                   "`toolcall-state-directory' must be a directory name or nil, got 3")
                  (toolcall-permission-rules ((permit "Bash"))
                   "`toolcall-permission-rules' has (permit \"Bash\"); expected (allow|deny|ask . RULES)")
                  (toolcall-permission-rules ((deny . 3))
                   "`toolcall-permission-rules' gives deny 3; expected a list of strings")
                  (toolcall-permission-rules 7
                   "`toolcall-permission-rules' must be an alist of (ACTION . RULES), got 7")))
    (cl-progv (list (car case)) (list (cadr case))
      (let ((err (should-error (toolcall--initialize-parameters "/tmp/") :type 'user-error)))
        (should (string-prefix-p (format-message (nth 2 case)) (cadr err))))))
  (let ((toolcall-parallelism 0)
        (toolcall-bridge-script (expand-file-name "dist/bridge.js" toolcall-test--root)))
    (should-error (toolcall-ensure) :type 'user-error)
    (should-not (toolcall-live-p))))

(ert-deftest toolcall-test-settings-reach-bridge ()
  "Budgets and the Returned-row threshold apply to the scripts the bridge runs."
  (let ((toolcall-limits '((nested-calls . 1))))
    (toolcall-test--with-bridge
      (let ((result (toolcall-run-expression
                     (format "(list (Read :file_path \"%sa.txt\") (Read :file_path \"%sb.txt\"))"
                             dir dir))))
        (should (equal (plist-get result :status) "error"))
        (should (string-match-p "nested-calls" (plist-get result :result))))))
  (dolist (threshold '(20 0))
    (let ((toolcall-returned-line-threshold threshold))
      (toolcall-test--with-bridge
        (with-temp-file (expand-file-name "long.txt" dir)
          (dotimes (i 25) (insert (format "line %d\n" (1+ i)))))
        (toolcall-run-expression (format "(concat (Read :file_path \"%slong.txt\") \"\")" dir))
        (let ((text (toolcall-test--view-text)))
          (if (= threshold 0)
              (progn (should (string-match-p "^    25\tline 25$" text))
                     (should-not (string-match-p "Returned" text)))
            (should (string-match-p "^  ▸ Returned (25 lines)$" text))
            (should-not (string-match-p "^    25\tline 25$" text))))))))

(ert-deftest toolcall-test-permission-rules-reach-bridge ()
  "`toolcall-permission-rules' are decided by the bridge as the command line's rules are."
  (let ((toolcall-permission-rules '((deny "Read(path:**/b.txt)")))
        (toolcall-sandbox-mode 'full-auto))
    (toolcall-test--with-bridge
      (let ((denied (toolcall-run-expression (format "(Read :file_path \"%sb.txt\")" dir)))
            (read (toolcall-run-expression (format "(Read :file_path \"%sa.txt\")" dir))))
        (should (equal (plist-get denied :status) "error"))
        (should (string-match-p "Permission denied" (plist-get denied :result)))
        (should (equal (plist-get read :status) "success"))))))

(defun toolcall-test--checkpoint-holds-p (text)
  "Return non-nil when a checkpoint file of the bridge holds TEXT."
  (let ((directory (expand-file-name "checkpoints" toolcall-state-directory)))
    (and (file-directory-p directory)
         (seq-some (lambda (file)
                     (with-temp-buffer
                       (insert-file-contents file)
                       (search-forward text nil t)))
                   (directory-files directory t "\\.toolcall\\.json\\'")))))

(ert-deftest toolcall-test-recovers-killed-script ()
  "A script a killed bridge left running is drawn interrupted when the next one starts."
  (toolcall-test--with-bridge
    (let ((old toolcall--process) (failure nil))
      (toolcall--request "toolcall/run"
                         (list :expression (format "(list (Read :file_path \"%sa.txt\") (Wait))" dir))
                         (lambda (_result error) (setq failure error)))
      (toolcall-test--wait-until (lambda () (toolcall-test--checkpoint-holds-p "\"Wait\"")))
      (let ((messages '()))
        (cl-letf (((symbol-function 'message)
                   (lambda (format-string &rest arguments)
                     (push (apply #'format format-string arguments) messages))))
          (signal-process old 'KILL)
          (toolcall-test--wait-until
           (lambda () (and (toolcall-live-p) (not (eq toolcall--process old))
                           (string-match-p "↯ ToolCall" (toolcall-test--view-text))))))
        (should (member (concat "toolcall: 1 ToolCall script ended before finishing when the"
                                " bridge stopped; see *toolcall*")
                        messages)))
      (should (string-match-p "\\`Bridge exited" (plist-get failure :message)))
      (let ((text (toolcall-test--view-text)))
        ;; The stale running row was replaced, not joined, by the interrupted one.
        (should (string-match-p "\\`▾ ↯ ToolCall: 2 calls (1 interrupted)" text))
        (should-not (string-match-p "running" text))
        (should (string-match-p (concat "^  ▸ Read: " (regexp-quote dir) "a.txt$") text))
        (should (string-match-p "^  ▸ ↯ Wait" text)))
      (should-not (toolcall-test--checkpoint-holds-p "ToolCall"))
      (should-not (directory-files (expand-file-name "checkpoints" toolcall-state-directory)
                                   nil "\\.toolcall\\.json\\'")))))

(ert-deftest toolcall-test-stop-consumes-running-script ()
  "A script running when the bridge is stopped is not recovered by the next bridge."
  (toolcall-test--with-bridge
    (let ((recovered 'unset) (failure nil))
      (toolcall--request "toolcall/run"
                         (list :expression (format "(list (Read :file_path \"%sa.txt\") (Wait))" dir))
                         (lambda (_result error) (setq failure error)))
      (toolcall-test--wait-until (lambda () (toolcall-test--checkpoint-holds-p "\"Wait\"")))
      (toolcall-stop)
      ;; Settled by the time `toolcall-stop' returns: nothing waits on the stopped bridge.
      (should failure)
      (should (zerop (hash-table-count toolcall--pending)))
      (should-not (directory-files (expand-file-name "checkpoints" toolcall-state-directory)
                                   nil "\\.toolcall\\.json\\'"))
      (cl-letf (((symbol-function 'toolcall--show-recovered)
                 (lambda (records) (setq recovered records))))
        (toolcall-ensure))
      (should (null recovered)))))

(ert-deftest toolcall-test-stop-settles-unanswered-requests ()
  "A request the stopped bridge never answered fails before `toolcall-stop' returns.
Also when Emacs has not yet run the process sentinel, simulated by replacing it."
  (toolcall-test--with-bridge
    (let ((failure nil))
      (puthash 999999 (lambda (_result error) (setq failure error)) toolcall--pending)
      (set-process-sentinel toolcall--process #'ignore)
      (toolcall-stop)
      (should (equal (plist-get failure :code) -32099))
      (should (zerop (hash-table-count toolcall--pending))))))

(defun toolcall-test--kill-mid-script (expression ready-regexp)
  "Run EXPRESSION, kill the bridge once the view matches READY-REGEXP; return the view.
Without checkpoints and restarts: nothing recovers the script.  EXPRESSION is
a format string given the workspace directory twice."
  (let* ((dir (file-name-as-directory (make-temp-file "toolcall-test-" t)))
         (toolcall-workspace dir)
         (toolcall-state-directory nil)
         (toolcall-restart-limit 0)
         (toolcall-bridge-script (expand-file-name "dist/bridge.js" toolcall-test--root))
         (toolcall-bridge-arguments
          (list "--tools-module"
                (expand-file-name "test/fixtures/fs-tools.mjs" toolcall-test--root))))
    (with-temp-file (expand-file-name "a.txt" dir) (insert "alpha\n"))
    (when (get-buffer toolcall-view-buffer-name) (kill-buffer toolcall-view-buffer-name))
    (unwind-protect
        (progn
          (toolcall-ensure)
          (let ((failure nil))
            (toolcall--request "toolcall/run" (list :expression (format expression dir dir))
                               (lambda (_result error) (setq failure error)))
            (toolcall-test--wait-until
             (lambda () (and (get-buffer toolcall-view-buffer-name)
                             (string-match-p ready-regexp (toolcall-test--view-text)))))
            (should (string-match-p "(running)" (toolcall-test--view-text)))
            (signal-process toolcall--process 'KILL)
            (toolcall-test--wait-until (lambda () failure))
            (cons dir (toolcall-test--view-text))))
      (toolcall-stop)
      (delete-directory dir t))))

(ert-deftest toolcall-test-dead-bridge-rows-interrupted ()
  "Without checkpoints, a dead bridge's running rows are drawn interrupted, not running."
  (pcase-let ((`(,dir . ,text)
               (toolcall-test--kill-mid-script "(list (Read :file_path \"%sa.txt\") (Wait))"
                                               "· Wait\\|. Wait")))
    (should (string-match-p "\\`▾ ↯ ToolCall: 2 calls (interrupted)  (list" text))
    (should (string-match-p "^  . ↯ Wait" text))
    (should (string-match-p (concat "^  ▸ Read: " (regexp-quote dir) "a.txt$") text))
    (should-not (string-match-p "running\\|\\[Wait" text))))

(ert-deftest toolcall-test-dead-bridge-queued-rows-not-started ()
  "Without checkpoints, a dead bridge's queued rows are drawn as never started."
  (let ((toolcall-parallelism 1))
    (pcase-let ((`(,dir . ,text)
                 (toolcall-test--kill-mid-script
                  "(parallel (Gate :file \"%sg1\") (Gate :file \"%sg2\"))" "Gate (queued)")))
      (should (string-match-p "\\`▾ ↯ ToolCall: 2 calls (interrupted)  (parallel" text))
      (should (string-match-p (concat "^  ┌ . ↯ Gate: " (regexp-quote dir) "g1$") text))
      (should (string-match-p "^  └ · ↯ Gate (not started)$" text))
      (should-not (string-match-p "queued\\|running" text)))))

(ert-deftest toolcall-test-custom-tool-flags-sent ()
  "A flag a custom tool's entry lacks is left out of initialize; nil is sent as false."
  (let ((toolcall-host-custom-tools
         (list (cons "Old" (list :description "Stored before :composable existed."
                                 :function (lambda (arguments) (plist-get arguments :text))
                                 :inputSchema (list :type "object"
                                                    :properties (list :text (list :type "string"))
                                                    :required ["text"])))
               (cons "Plain" (list :description "Set by hand." :function #'ignore
                                   :readOnly nil :composable nil
                                   :inputSchema (list :type "object"
                                                      :properties (make-hash-table)
                                                      :required []))))))
    (should (equal (json-serialize (toolcall-host-custom-definitions)
                                   :null-object :null :false-object :false)
                   (concat "[{\"name\":\"Old\",\"description\":\"Stored before :composable existed.\","
                           "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},"
                           "\"required\":[\"text\"]}},"
                           "{\"name\":\"Plain\",\"description\":\"Set by hand.\","
                           "\"inputSchema\":{\"type\":\"object\",\"properties\":{},\"required\":[]},"
                           "\"readOnly\":false,\"composable\":false}]")))
    ;; The bridge starts with both and composes the one without flags, as by default.
    (let ((toolcall-sandbox-mode 'full-auto))
      (toolcall-test--with-bridge
        (should (equal (plist-get (toolcall-run-expression "(list (emacs/Old :text \"abc\") 1)")
                                  :result)
                       "(\"abc\" 1)"))))))

(ert-deftest toolcall-test-standalone-tool ()
  "A tool defined with :composable nil runs as a whole script but not in a composed one."
  (let ((toolcall-host-custom-tools nil))
    (toolcall-define-tool "Solo" "Upcases text." '((text "string" "The text."))
                          (lambda (arguments) (upcase (plist-get arguments :text)))
                          :read-only t :composable nil)
    (should-error (toolcall-define-tool "Odd" "Odd." nil #'ignore :colour 'red))
    (should (equal (cadr (should-error (toolcall-define-tool "Odd" "Odd." nil #'ignore
                                                             :read-only t :composable)))
                   (concat "The toolcall-define-tool option :composable has no value;"
                           " expected :composable followed by t or nil")))
    (should-not (assoc "Odd" toolcall-host-custom-tools))
    (toolcall-test--with-bridge
      (let ((composed (toolcall-run-expression "(list (emacs/Solo :text \"abc\") 1)")))
        (should (equal (plist-get composed :status) "error"))
        (should (string-match-p "emacs/Solo is standalone-only" (plist-get composed :result))))
      (should (equal (plist-get (toolcall-run-expression "(emacs/Solo :text \"abc\")") :result)
                     "ABC")))))

(provide 'toolcall-tests)
;;; toolcall-tests.el ends here
